import { CHAT_LIMITS } from "#content/chat.ts";
import type { Locale } from "#content/locales.ts";

/**
 * What the chat says in its own words rather than the site's, per language
 * (issue 26): the refusals the panel shows as they are (docs/product.md §8),
 * the no-model answer's frame around the passages it quotes, and the reply to
 * a request for the team. Written for each language as a native copywriter
 * would, not translated word for word; the panel's own strings (the hand-off
 * offer, the lead form) are content/i18n's.
 */

/** How a visitor reaches the team, for the sentences that offer it. */
export interface ContactWays {
  /** The Contact page's email ("" when none). */
  email: string;
  /** The Contact page's name in the language (its link label). */
  contactPage: string;
}

export interface ChatReplies {
  /** What the chat answers instead of an answer: a 400, 429 or 503, or a stream that failed. */
  refusals: {
    tooLong: string;
    empty: string;
    rateLimited: string;
    dailyCap: string;
    off: string;
    failed: string;
  };
  /** A question with no words to look up (a greeting). */
  hello: (ways: ContactWays) => string;
  /** The site has nothing on the question. */
  notFound: (ways: ContactWays) => string;
  /** The passages found, each quoted as a paragraph. */
  found: (quoted: readonly string[], ways: ContactWays) => string;
  /** A quoted passage of a post, under the post's title. */
  fromPost: (title: string, text: string) => string;
  /** A request for a person, a call, a meeting or a quote the site says nothing about: the panel offers the team under it. */
  handoff: string;
}

const MAX = CHAT_LIMITS.message;

const englishContact = ({ email, contactPage }: ContactWays) =>
  `please get in touch through our ${contactPage} page${email ? ` or email ${email}` : ""}, and we will reply within 24 hours`;

const sinhalaContact = ({ email, contactPage }: ContactWays) =>
  `"${contactPage}" පිටුව හරහා${email ? ` හෝ ${email} වෙත ඊමේල් කර` : ""} අප හා සම්බන්ධ වන්න; පැය 24ක් ඇතුළත අපි ඔබට පිළිතුරු දෙන්නෙමු`;

const tamilContact = ({ email, contactPage }: ContactWays) =>
  `"${contactPage}" பக்கத்தின் ஊடாக${email ? ` அல்லது ${email} என்ற முகவரிக்கு மின்னஞ்சல் அனுப்பி` : ""} எம்மைத் தொடர்புகொள்ளுங்கள்; 24 மணித்தியாலங்களுக்குள் பதிலளிப்போம்`;

export const CHAT_REPLIES: { readonly [L in Locale]: ChatReplies } = {
  en: {
    refusals: {
      tooLong: `Your message is too long. Please keep it under ${MAX} characters.`,
      empty: "Please type a message first.",
      rateLimited:
        "You're sending messages a little too quickly. Please wait a few minutes and try again, or contact us directly.",
      dailyCap:
        "Our assistant has answered a lot of questions today and is taking a break. Please try again tomorrow, or contact us directly through the Contact Us page.",
      off: "The chat assistant is switched off at the moment. Please contact us directly through the Contact Us page.",
      failed: "The assistant could not answer just now.",
    },
    hello: (ways) =>
      `Hello! I can help with questions about our services, how we work, pricing and how to reach us. What would you like to know? If you'd rather talk to a person, ${englishContact(ways)}.`,
    notFound: (ways) =>
      `I'm sorry, I couldn't find an answer to that on our site. For anything specific, ${englishContact(ways)}.`,
    found: (quoted, ways) =>
      `Here is what I found on our site:\n\n${quoted.join("\n\n")}\n\nIf this doesn't answer your question, ${englishContact(ways)}.`,
    fromPost: (title, text) => `From our post “${title}”: ${text}`,
    handoff:
      "Of course. Our team would be glad to help you personally: leave your name and email below, and we will get back to you within 24 hours.",
  },
  si: {
    refusals: {
      tooLong: `ඔබේ පණිවිඩය ටිකක් දිග වැඩියි. කරුණාකර අකුරු ${MAX}කට අඩුවෙන් ලියන්න.`,
      empty: "කරුණාකර මුලින්ම පණිවිඩයක් ලියන්න.",
      rateLimited: "ඔබ පණිවිඩ එවන්නේ ටිකක් ඉක්මනින්. කරුණාකර මිනිත්තු කිහිපයකින් නැවත උත්සාහ කරන්න, නැතහොත් අප හා කෙලින්ම සම්බන්ධ වන්න.",
      dailyCap:
        'අපගේ සහායකයා අද බොහෝ ප්‍රශ්නවලට පිළිතුරු දී දැන් මඳක් විවේක ගනිමින් සිටී. කරුණාකර හෙට නැවත උත්සාහ කරන්න, නැතහොත් "අප අමතන්න" පිටුව හරහා අප හා කෙලින්ම සම්බන්ධ වන්න.',
      off: 'චැට් සහායකයා මේ මොහොතේ ක්‍රියාත්මක නොවේ. කරුණාකර "අප අමතන්න" පිටුව හරහා අප හා කෙලින්ම සම්බන්ධ වන්න.',
      failed: "සමාවන්න, සහායකයාට මේ මොහොතේ පිළිතුරු දීමට නොහැකි වුණා.",
    },
    hello: (ways) =>
      `ආයුබෝවන්! අපගේ සේවා, අප වැඩ කරන ආකාරය, ගාස්තු සහ අප හා සම්බන්ධ වන ආකාරය ගැන ඕනෑම දෙයක් මගෙන් අසන්න. ඔබ දැනගන්න කැමති මොනවාද? අපගේ කණ්ඩායමේ කෙනෙකු සමඟම කතා කිරීමට කැමති නම්, ${sinhalaContact(ways)}.`,
    notFound: (ways) =>
      `සමාවන්න, ඒ ගැන පිළිතුරක් අපගේ වෙබ් අඩවියෙන් සොයා ගැනීමට මට නොහැකි වුණා. වැඩි විස්තර සඳහා කරුණාකර ${sinhalaContact(ways)}.`,
    found: (quoted, ways) =>
      `මේ ගැන අපගේ වෙබ් අඩවියේ සඳහන් වන්නේ මෙයයි:\n\n${quoted.join("\n\n")}\n\nමෙයින් ඔබේ ප්‍රශ්නයට පිළිතුරක් නොලැබුණා නම්, කරුණාකර ${sinhalaContact(ways)}.`,
    fromPost: (title, text) => `අපගේ "${title}" ලිපියෙන්: ${text}`,
    handoff:
      "ඇත්තෙන්ම. අපගේ කණ්ඩායම ඔබට පෞද්ගලිකව උදව් කිරීමට සතුටින් සිටී: පහතින් ඔබේ නම සහ ඊමේල් ලිපිනය දෙන්න; පැය 24ක් ඇතුළත අපි ඔබ හා සම්බන්ධ වන්නෙමු.",
  },
  ta: {
    refusals: {
      tooLong: `உங்கள் செய்தி சற்று நீளமாக உள்ளது. தயவுசெய்து ${MAX} எழுத்துகளுக்குள் சுருக்கி எழுதுங்கள்.`,
      empty: "முதலில் ஒரு செய்தியை எழுதுங்கள்.",
      rateLimited:
        "நீங்கள் சற்று வேகமாகச் செய்திகளை அனுப்புகிறீர்கள். சில நிமிடங்கள் பொறுத்து மீண்டும் முயலுங்கள், அல்லது எம்மை நேரடியாகத் தொடர்புகொள்ளுங்கள்.",
      dailyCap:
        'எமது உதவியாளர் இன்று ஏராளமான கேள்விகளுக்குப் பதிலளித்துவிட்டு, இப்போது சற்று ஓய்வெடுக்கிறது. நாளை மீண்டும் முயலுங்கள், அல்லது "தொடர்புகொள்ள" பக்கத்தின் ஊடாக எம்மை நேரடியாகத் தொடர்புகொள்ளுங்கள்.',
      off: 'அரட்டை உதவியாளர் தற்போது இயங்கவில்லை. "தொடர்புகொள்ள" பக்கத்தின் ஊடாக எம்மை நேரடியாகத் தொடர்புகொள்ளுங்கள்.',
      failed: "மன்னிக்கவும், உதவியாளரால் இப்போது பதிலளிக்க முடியவில்லை.",
    },
    hello: (ways) =>
      `வணக்கம்! எமது சேவைகள், நாம் பணியாற்றும் விதம், கட்டணங்கள், எம்மைத் தொடர்புகொள்ளும் வழிகள் பற்றி என்னிடம் கேளுங்கள். நீங்கள் எதைத் தெரிந்துகொள்ள விரும்புகிறீர்கள்? எமது குழுவினருடன் நேரடியாகப் பேச விரும்பினால், ${tamilContact(ways)}.`,
    notFound: (ways) =>
      `மன்னிக்கவும், இதற்கான பதிலை எமது இணையத்தளத்தில் என்னால் கண்டுபிடிக்க முடியவில்லை. மேலதிக விபரங்களுக்கு, ${tamilContact(ways)}.`,
    found: (quoted, ways) =>
      `இது பற்றி எமது இணையத்தளத்தில் உள்ளவை இதோ:\n\n${quoted.join("\n\n")}\n\nஇது உங்கள் கேள்விக்குப் பதிலாக அமையவில்லை என்றால், ${tamilContact(ways)}.`,
    fromPost: (title, text) => `எமது "${title}" என்ற கட்டுரையிலிருந்து: ${text}`,
    handoff:
      "நிச்சயமாக. உங்களுக்கு நேரடியாக உதவ எமது குழுவினர் மகிழ்ச்சியுடன் காத்திருக்கின்றனர்: கீழே உங்கள் பெயரையும் மின்னஞ்சலையும் தாருங்கள்; 24 மணித்தியாலங்களுக்குள் உங்களைத் தொடர்புகொள்வோம்.",
  },
};
