import type { Locale } from "#content/locales.ts";

/**
 * The site's facts that visitors ask about most, and the names they are
 * asked by in each language (issue 41, item 2). The facts themselves come
 * from where the owner keeps them (./passages.ts): the Contact page's
 * fields and subtitle, the Services page's list, and the knowledge base's
 * paragraphs on opening hours and pricing. Each fact's passage is searched by
 * these names beside its own words (never shown: ./word-index.ts `labels`),
 * so "உங்கள் தொலைபேசி எண் என்ன?" finds the phone although the page says
 * "இலக்கம்", and a Sinhala question about prices finds the English
 * knowledge base's paragraph.
 *
 * One row per fact, not per question: names a visitor uses for the fact,
 * formal and everyday, loanwords as they are typed in the script. A fact the
 * owner can add (a service, a partner) is found by its own words.
 */
export type FactKey = "address" | "phone" | "email" | "reach" | "website" | "reply" | "hours" | "pricing" | "services";

export const FACT_NAMES: { readonly [L in Locale]: { readonly [F in FactKey]: string } } = {
  en: {
    address: "address, location, located, office, visit, based, situated, city, map",
    phone: "phone number, telephone, call, mobile, ring, WhatsApp, hotline",
    email: "email, e-mail, mail, write",
    reach: "contact, reach, get in touch, talk, speak, person, human, someone, representative, agent",
    website: "website, site, web address, URL, domain, link",
    reply: "reply, respond, response time, answer, get back, quickly, long",
    hours: "opening hours, open, closed, working hours, office hours, weekends, Saturday, Sunday, timings, time zone",
    pricing:
      "prices, pricing, cost, charge, fees, rates, packages, plans, quote, quotation, estimate, budget, expensive, cheap, affordable, monthly retainer",
    services: "services, offer, provide, help with, solutions, what we do",
  },
  si: {
    address: "ලිපිනය, ඇඩ්‍රස්, කාර්යාලය, ඔෆිස්, පිහිටීම, පිහිටා, ස්ථානය, තැන, හම්බවෙන්න, හමුවෙන්න, ලොකේෂන්, සිතියම",
    phone: "දුරකථන අංකය, දුරකථනය, ටෙලිෆෝන්, ෆෝන්, ෆෝන් නම්බර්, නම්බර්, අංකය, කෝල්, අමතන්න, ඇමතුම, ජංගම, මොබයිල්, වට්ස්ඇප්, හොට්ලයින්",
    email: "ඊමේල්, ඊ-මේල්, ඊමේල් ලිපිනය, මේල්, විද්‍යුත් තැපෑල, තැපෑල, ලියන්න",
    reach: "සම්බන්ධ, සම්බන්ධ වෙන්න, සම්බන්ධ කරගන්න, කතා කරන්න, කෙනෙක්, නියෝජිතයෙක්, කොන්ටැක්ට්",
    website: "වෙබ් අඩවිය, වෙබ්සයිට්, වෙබ් සයිට්, සයිට්, ලින්ක්",
    reply: "පිළිතුරු, පිළිතුර, රිප්ලයි, උත්තර, ඉක්මනට, ප්‍රතිචාර, වෙලා",
    hours: "වේලාවන්, වෙලාවල්, වෙලාව, විවෘත, ඇරලා, ඇරලා තියෙන, වහලා, වැඩ කරන දින, සෙනසුරාදා, ඉරිදා, සති අන්තය, කාර්යාල වේලාව",
    pricing:
      "මිල, මිල ගණන්, ගාස්තු, ගාස්තුව, ගාණ, ගාන, ගණන, රේට්, චාජ්, වියදම, පැකේජ්, පැකේජය, මාසික, අයවැය, බජට්, කොටේෂන්, ඇස්තමේන්තුව, සල්ලි",
    services: "සේවා, සේවාවන්, සර්විස්, ලබා දෙන සේවා, කරන දේවල්, උදව්",
  },
  ta: {
    address: "முகவரி, அட்ரஸ், அலுவலகம், ஆபீஸ், இடம், அமைவிடம், லொகேஷன், சந்திக்க, நேரில், வரைபடம்",
    phone:
      // Not இலக்கம் ("number"): the search reads it as இலக்கு ("mission"), and the page says it already.
      "தொலைபேசி எண், தொலைபேசி, டெலிபோன், போன், கால், போன் நம்பர், நம்பர், எண், அழைக்க, அழைப்பு, கைபேசி, மொபைல், வாட்ஸ்அப், ஹொட்லைன்",
    email: "மின்னஞ்சல், மின்னஞ்சல் முகவரி, ஈமெயில், இமெயில், மெயில், எழுத",
    reach: "தொடர்பு, தொடர்புகொள்ள, தொடர்பு கொள்வது, பேச, கதைக்க, ஒருவருடன், ஆள், கான்டாக்ட்",
    website: "இணையத்தளம், இணையதளம், வெப்சைட், வெப் சைட், தளம், லிங்க்",
    reply: "பதில், பதிலளிக்க, ரிப்ளை, விரைவாக, மணித்தியாலம், பதில் கிடைக்கும்",
    hours: "நேரம், வேலை நேரம், அலுவலக நேரம், திறந்திருக்கும், திறக்கும், மூடும், சனிக்கிழமை, ஞாயிற்றுக்கிழமை, வார இறுதி, மணி",
    pricing: "விலை, கட்டணம், கட்டணங்கள், செலவு, பணம், ரேட், சார்ஜ், பக்கேஜ், பேக்கேஜ், மாதாந்த, பட்ஜெட், கொட்டேஷன், விலைமதிப்பீடு",
    services: "சேவைகள், சேவை, சர்வீஸ், வழங்கும் சேவைகள், உதவி",
  },
};

/** The facts only the knowledge base says (it is English, never translated): found there by their English names. */
export const KNOWLEDGE_FACTS: readonly FactKey[] = ["hours", "pricing"];
