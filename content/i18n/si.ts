import type { Messages } from "./en.ts";

/**
 * The public site's fixed strings in Sinhala (see ./en.ts). Written for Sri
 * Lankan readers, with the terms of the built-in content
 * (content/translations/si.ts); rakaransaya and yansaya carry their zero-width
 * joiner (ශ්‍රී, ප්‍රශ්න), which messages.test.ts checks.
 */
export const si: Messages = {
  shell: {
    skipToContent: "ප්‍රධාන අන්තර්ගතයට යන්න",
    mainNav: "ප්‍රධාන මෙනුව",
    menu: "මෙනුව",
    logoAlt: "{site} ලාංඡනය",
    tagline: "ඝෝෂාවෙන් තොරව ගොඩනැගූ. අරමුණින් බලගැන්වූ.",
  },
  links: {
    home: "මුල් පිටුව",
    services: "සේවා",
    blog: "බ්ලොග්",
    partners: "හවුල්කරුවන්",
    about: "අප ගැන",
    contact: "අප අමතන්න",
    "privacy-policy": "රහස්‍යතා ප්‍රතිපත්තිය",
    "terms-conditions": "නියම සහ කොන්දේසි",
  },
  language: {
    label: "භාෂාව",
    offer: "මෙම පිටුව සිංහලෙනුත් කියවිය හැකියි.",
    offerLink: "සිංහලෙන් කියවන්න",
    dismiss: "එපා, ස්තූතියි",
  },
  footer: {
    contact: "සම්බන්ධ වන්න",
    legal: "නීතිමය තොරතුරු",
    defaultPlace: "කොළඹ, ශ්‍රී ලංකාව",
    copyright: "© 2025 {site}. සියලු හිමිකම් ඇවිරිණි.",
    crafted: "ශ්‍රී ලංකාවේදී, කුතුහලයෙන් යුතුව නිර්මාණය කෙරිණි.",
  },
  home: {
    metaTitle: "{site} | කොළඹින් අලෙවිකරණ සහ ව්‍යාපාරික විසඳුම්",
    exploreServices: "අපගේ සේවා බලන්න",
    offerTitle: "අප ලබා දෙන දේ",
    logosTitle: "ප්‍රමුඛ ආයතනවල විශ්වාසය දිනූ",
    insightsTitle: "තෝරාගත් ලිපි",
    insightsIntro: "කොළඹ සිටින අපගේ කණ්ඩායමෙන්, අලෙවිකරණය සහ ව්‍යාපාර වර්ධනය ගැන ප්‍රායෝගික අදහස්.",
    viewAllArticles: "සියලු ලිපි බලන්න",
    readyTitle: "ඉදිරියට යන්න සූදානම්ද?",
    readyText:
      "ඔබේ ව්‍යාපාරය අද සිටින්නේ කොතැනද, ඔබ එය ගෙන යාමට බලාපොරොත්තු වන්නේ කොතැනටද කියා අපට කියන්න. සෑම පණිවිඩයකටම පැය 24ක් ඇතුළත අපි පිළිතුරු දෙනවා.",
    contactButton: "අප අමතන්න",
  },
  welcome: {
    title: "{site} වෙත සාදරයෙන් පිළිගනිමු",
    close: "වසන්න",
    dismiss: "ස්තූතියි, මම ටිකක් බලන්නම්",
  },
  blog: {
    empty: "අලුත් ලිපි ළඟදීම එනවා. කරුණාකර නැවත පැමිණ බලන්න.",
    pagesLabel: "බ්ලොග් පිටු",
    newer: "අලුත් ලිපි",
    older: "පැරණි ලිපි",
    pageOf: "පිටුව {page} / {pages}",
    metaTitlePage: "{title} (පිටුව {page})",
    readMore: "තවත් කියවන්න",
    minRead: "මිනිත්තු {count}ක කියවීමක්",
    notFound: "ඔබ සොයන ලිපිය හමු නොවීය.",
    backToBlog: "බ්ලොග් වෙත ආපසු",
    readerKicker: "අවබෝධය සහ අදහස්",
    close: "වසන්න",
    backToArticles: "සියලු ලිපි වෙත ආපසු",
  },
  about: {
    story: "අපගේ කතාව",
    mission: "අපගේ මෙහෙවර",
    values: "අපගේ වටිනාකම්",
    team: "අපගේ කණ්ඩායම",
    portraitAlt: "{name}ගේ ඡායාරූපය",
  },
  partners: {
    logoAlt: "{name} ලාංඡනය",
    visitWebsite: "වෙබ් අඩවියට යන්න",
    visitWebsiteOf: "– {name} (නව ටැබයක විවෘත වේ)",
  },
  contact: {
    findUs: "අප සිටින තැන",
    mapTitle: "අප සිටින ස්ථානය දැක්වෙන සිතියම",
    infoTitle: "සම්බන්ධතා තොරතුරු",
    address: "ලිපිනය",
    email: "ඊමේල්",
    phone: "දුරකථනය",
    website: "වෙබ් අඩවිය",
  },
  contactForm: {
    title: "අපට පණිවිඩයක් එවන්න",
    intro: "“අනිවාර්ය නොවේ” ලෙස සඳහන් කොටු හිස්ව තැබිය හැකියි; අනෙක් සියල්ල පුරවන්න.",
    name: "නම",
    email: "ඊමේල්",
    company: "ආයතනය",
    message: "පණිවිඩය",
    optional: "අනිවාර්ය නොවේ",
    honeypot: "මෙම කොටුව හිස්ව තබන්න",
    send: "පණිවිඩය යවන්න",
    sending: "යවමින්...",
    previewNote: "මෙය පෙරදසුනකි: පෝරමය ක්‍රියා විරහිත කර ඇති අතර කිසිදු පණිවිඩයක් නොයවයි.",
  },
  done: {
    metaTitle: "පණිවිඩය යැවුණා",
    metaDescription: "අප හා සම්බන්ධ වූවාට ස්තූතියි. පැය 24ක් ඇතුළත අපි ඔබට පිළිතුරු දෙන්නෙමු.",
    title: "ඔබේ පණිවිඩය යැවුණා!",
    thanks: "අප හා සම්බන්ධ වූවාට ඔබට ස්තූතියි.",
    reply: "ඔබේ පණිවිඩය අපට ලැබුණා. පැය 24ක් ඇතුළත අපි ඔබට පිළිතුරු දෙන්නෙමු.",
    home: "මුල් පිටුවට ආපසු",
    callUs: "ඉක්මන් උදව්වක් අවශ්‍යද? {phone} අමතන්න.",
    emailUs: "ඉක්මන් උදව්වක් අවශ්‍යද? {email} වෙත ඊමේල් කරන්න.",
  },
  legal: {
    privacyDescription: "ඔබ අප සමඟ බෙදාගන්නා පුද්ගලික තොරතුරු අප එකතු කරන, භාවිත කරන සහ ආරක්ෂා කරන ආකාරය.",
    termsDescription: "අපගේ වෙබ් අඩවිය භාවිත කිරීමට අදාළ නියම.",
  },
  errors: {
    notFoundTitle: "අපොයි! පිටුව හමු නොවීය",
    notFoundMeta: "පිටුව හමු නොවීය",
    errorTitle: "යම් දෝෂයක් ඇති විය",
    retry: "කරුණාකර මොහොතකින් නැවත උත්සාහ කරන්න.",
    reference: "යොමු අංකය: {id}",
    home: "මුල් පිටුවට ආපසු",
  },
  chat: {
    name: "Lanka Growth සහායක",
  },
};
