import { SITE_NAME } from "#content/constants.ts";
import type { ContactContent } from "#content/schemas.ts";
import { JsonLd } from "./json-ld.tsx";

/** schema.org Organization for the agency, from the Contact section. */
export function organizationJsonLd(info: ContactContent["info"], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: new URL("/", origin).href,
    logo: new URL("/logo.svg", origin).href,
    address: {
      "@type": "PostalAddress",
      ...(info.address ? { streetAddress: info.address } : {}),
      addressLocality: "Colombo",
      addressCountry: "LK",
    },
    ...(info.email ? { email: info.email } : {}),
    ...(info.phone ? { telephone: info.phone } : {}),
  };
}

export function OrganizationJsonLd({
  info,
  origin,
  nonce,
}: {
  info: ContactContent["info"];
  origin: string;
  nonce: string | undefined;
}) {
  return <JsonLd data={organizationJsonLd(info, origin)} nonce={nonce} />;
}
