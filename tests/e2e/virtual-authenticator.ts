import type { Page } from "@playwright/test";

/**
 * A platform authenticator in Chromium (the DevTools protocol's WebAuthn domain) that keeps
 * discoverable passkeys and verifies its user (a fingerprint, say): the browser really makes and
 * uses the passkey, the server really verifies it. A passkey's rpID cannot be an IP address, so a
 * spec using it opens the site as http://localhost:<port> (a secure context, as 127.0.0.1 is).
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}
