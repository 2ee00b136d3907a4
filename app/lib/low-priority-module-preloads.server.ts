import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?(?=\/?>)/g;

/** Adds `fetchpriority="low"` to every `<link rel="modulepreload">` tag in an HTML fragment. */
export function deprioritizeModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, (tag) => (tag.includes("fetchpriority=") ? tag : `${tag} fetchpriority="low"`));
}

/**
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` in `<head>`
 * for every module the page hydrates with, at the browser's high priority
 * (docs/decisions/007-initial-javascript.md). This stream marks them
 * `fetchpriority="low"`: the browser still finds them as soon as it reads
 * `<head>` and fetches them at once, but after the stylesheet and the page's
 * images, so the text paints without waiting for the JavaScript.
 *
 * React writes the whole `<head>` in the shell's first flush, so the stream
 * holds back only what comes before `</head>` and passes the rest through
 * (decoded, so a character split across chunks stays whole).
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let head: string | undefined = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === undefined) return callback(null, decoder.write(chunk));
      head += decoder.write(chunk);
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      const html = deprioritizeModulePreloads(head.slice(0, end)) + head.slice(end);
      head = undefined;
      callback(null, html);
    },
    flush(callback) {
      callback(null, head === undefined ? decoder.end() : deprioritizeModulePreloads(head + decoder.end()));
    },
  });
}
