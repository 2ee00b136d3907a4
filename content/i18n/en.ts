import type { SectionKey } from "../sections.ts";

/**
 * The public site's fixed strings in English (issue 25 item 5): every text a
 * visitor reads that the admin does not write. The other languages' files
 * (./si.ts, ./ta.ts) are typed by `Messages`, so a missing or extra key fails
 * the type check. `{name}` marks a value put in by `format` (./format.ts);
 * every language uses the same ones (messages.test.ts).
 *
 * Only `.server.ts` modules import the dictionaries: the root loader sends a
 * page the strings of its own language, and none of them ship in the
 * browser's code (app/lib/i18n.server.ts, docs/decisions/007-initial-javascript.md).
 * The chat panel's strings are apart (./chat/), so that no page carries them:
 * the panel loads its language's with its code.
 */
export const en = {
  shell: {
    skipToContent: "Skip to content",
    mainNav: "Main",
    menu: "Menu",
    logoAlt: "{site} logo",
    tagline: "Built without noise. Powered by purpose.",
  },
  /** The text of links to each page (navigation, footer), by the document the page shows. */
  links: {
    home: "Home",
    services: "Services",
    blog: "Blog",
    partners: "Partners",
    about: "About Us",
    contact: "Contact Us",
    "privacy-policy": "Privacy Policy",
    "terms-conditions": "Terms & Conditions",
  } satisfies Record<SectionKey, string>,
  language: {
    /** Names the language switcher. */
    label: "Language",
    /**
     * The line offering the page in this language to a visitor whose browser
     * prefers it, written in this language (app/components/site/language-offer.tsx).
     * Only Sinhala and Tamil are offered; English keeps the source texts.
     */
    offer: "This page is also available in English.",
    offerLink: "Read it in English",
    dismiss: "No, thanks",
  },
  footer: {
    contact: "Contact",
    legal: "Legal",
    /** Where the agency is when the Contact section has no address. */
    defaultPlace: "Colombo, Sri Lanka",
    copyright: "© 2025 {site}. All rights reserved.",
    crafted: "Crafted with curiosity in Sri Lanka.",
  },
  home: {
    metaTitle: "{site} | Marketing and business solutions in Colombo",
    exploreServices: "Explore our services",
    offerTitle: "What We Offer",
    logosTitle: "Trusted by Industry Leaders",
    insightsTitle: "Featured Insights",
    insightsIntro: "Practical thinking on marketing and growth from our team in Colombo.",
    viewAllArticles: "View All Articles",
    readyTitle: "Ready to grow?",
    readyText:
      "Tell us where your business is today and where you want it to be. We reply to every message within 24 hours.",
    contactButton: "Contact Us",
  },
  welcome: {
    title: "Welcome to {site}",
    close: "Close",
    dismiss: "Thanks, let me look around",
  },
  blog: {
    empty: "New articles are on their way. Please check back soon.",
    pagesLabel: "Blog pages",
    newer: "Newer posts",
    older: "Older posts",
    pageOf: "Page {page} of {pages}",
    metaTitlePage: "{title} (page {page})",
    readMore: "Read More",
    minRead: "{count} min read",
    notFound: "The article you are looking for does not exist.",
    backToBlog: "Back to the blog",
    readerKicker: "Insights & Ideas",
    close: "Close",
    backToArticles: "Back to all articles",
  },
  about: {
    story: "Our Story",
    mission: "Our Mission",
    values: "Our Values",
    team: "Our Team",
    portraitAlt: "Portrait of {name}",
  },
  partners: {
    logoAlt: "{name} logo",
    visitWebsite: "Visit Website",
    /** Read after "Visit Website" by screen readers. */
    visitWebsiteOf: "of {name} (opens in a new tab)",
  },
  contact: {
    findUs: "Find Us",
    mapTitle: "Map showing our office location",
    infoTitle: "Contact Information",
    address: "Address",
    email: "Email",
    phone: "Phone",
    website: "Website",
  },
  contactForm: {
    title: "Send us a message",
    intro: "Fields marked optional can be left empty; everything else is required.",
    name: "Name",
    email: "Email",
    company: "Company",
    message: "Message",
    optional: "Optional",
    honeypot: "Leave this field empty",
    send: "Send Message",
    sending: "Sending...",
    /** Over the form on an admin's preview, whose form is turned off. */
    previewNote: "This is a preview: the form is turned off and sends no message.",
  },
  done: {
    metaTitle: "Message Sent",
    metaDescription: "Thank you for contacting us. We will reply within 24 hours.",
    title: "Message Sent Successfully!",
    thanks: "Thank you for reaching out to us.",
    reply: "We have received your message and will get back to you within 24 hours.",
    home: "Return to Home",
    callUs: "Need immediate help? Call us at {phone}.",
    emailUs: "Need immediate help? Email us at {email}.",
  },
  legal: {
    privacyDescription: "How we collect, use and protect the personal information you share with us.",
    termsDescription: "The terms that apply to your use of our website.",
  },
  errors: {
    notFoundTitle: "Oops! Page not found",
    notFoundMeta: "Page not found",
    errorTitle: "Something went wrong",
    retry: "Please try again in a moment.",
    reference: "Reference: {id}",
    home: "Return to Home",
  },
  /**
   * The assistant's name, on the launcher of every page and in the panel. The
   * panel's other strings are its own catalog (./chat/en.ts), loaded with it.
   */
  chat: {
    name: "Lanka Growth Assistant",
  },
} as const;

/** The strings of one language: the shape of `en`, every leaf a string. */
export type Messages = Strings<typeof en>;

export type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
