/**
 * Line breaks (CR, LF, NEL, U+2028, U+2029) and other control characters,
 * each run of them folded into one space: for text that must stay on one line
 * wherever it is shown or sent (a name, an email address, a title, a page
 * path), so that it can never start a line of its own, such as a forged
 * header line in an e-mail (server/contact/deliver.ts). Isomorphic.
 */
export function singleLine(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");
}
