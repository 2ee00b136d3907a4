import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicyWithHashes, inlineScriptHashes } from "./script-hashes.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inline script hashes", () => {
  it("hashes each inline script's exact text once, skipping scripts with a src", () => {
    const html = `<head><script src="/a.js"></script><script>window.a = 1;</script></head>
<body><script type="module">import "/b.js";
</script><SCRIPT nonce="x">window.a = 1;</SCRIPT><script>ü « »</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a = 1;"), sha('import "/b.js";\n'), sha("ü « »")]);
  });

  it("replaces the nonce in script-src with the hashes and leaves the other directives alone", () => {
    const policy = "default-src 'self'; script-src 'self' 'nonce-abc123'; style-src 'self' 'unsafe-inline'";
    expect(contentSecurityPolicyWithHashes(policy, "<script>go()</script>")).toBe(
      `default-src 'self'; script-src 'self' ${sha("go()")}; style-src 'self' 'unsafe-inline'`,
    );
    expect(contentSecurityPolicyWithHashes(policy, "no scripts")).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'",
    );
  });
});
