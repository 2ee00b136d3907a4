// A team page (issue 42) with the blocks a campaign uses, in English, Sinhala and Tamil, made
// through the API as the team makes one: the page npm run audit and npm run bench measure.
// Variant B (a hero and a call to action of its own, the other blocks as A's) is added unless
// asked not to: the audit keeps the page without it, so Lighthouse always measures A.

/** The team page's address (in Sinhala and Tamil under /si and /ta). */
export const TEAM_PAGE = "/offers/launch";

const english = {
  heading: "Grow your Colombo business online",
  text: "Websites, search and social campaigns for small firms, ready in thirty days.",
  button: "Book a free call",
  features: [
    ["Strategy", "A plan that fits your budget."],
    ["Design", "Pages your customers like to read."],
    ["Growth", "Campaigns that bring in leads."],
  ],
  quote: "They doubled our enquiries in a season.",
  stat: "Projects delivered",
  question: "How long does a site take?",
  answer: "About four weeks from our first call.",
  cta: "Ready to start?",
  // Variant B's own hero and call to action.
  b: {
    heading: "Bring your business online this month",
    text: "A website, a plan and a first campaign for Colombo's small firms, at one price.",
    button: "Get your launch plan",
    cta: "Shall we start this month?",
  },
};
const sinhala = {
  heading: "ඔබේ කොළඹ ව්‍යාපාරය අන්තර්ජාලයෙන් වර්ධනය කරගන්න",
  text: "කුඩා ව්‍යාපාර සඳහා වෙබ් අඩවි, සෙවුම් සහ සමාජ මාධ්‍ය ප්‍රචාරණ, දින තිහකින් සූදානම්.",
  button: "නොමිලේ ඇමතුමක් වෙන්කරගන්න",
  features: [
    ["උපායමාර්ගික සැලසුම්කරණය", "ඔබේ අයවැයට ගැළපෙන සැලැස්මක්."],
    ["නිර්මාණය", "ඔබේ පාරිභෝගිකයන් කියවීමට කැමති පිටු."],
    ["වර්ධනය", "විමසීම් ගෙන එන ප්‍රචාරණ."],
  ],
  quote: "එක් කන්නයක් තුළ අපගේ විමසීම් දෙගුණ වුණා.",
  stat: "නිම කළ ව්‍යාපෘති",
  question: "වෙබ් අඩවියක් සකස් කිරීමට කොපමණ කාලයක් ගතවේද?",
  answer: "අපගේ පළමු ඇමතුමේ සිට සති හතරක් පමණ.",
  cta: "ආරම්භ කිරීමට සූදානම්ද?",
  b: {
    heading: "මෙම මාසයේම ඔබේ ව්‍යාපාරය අන්තර්ජාලයට ගෙන එන්න",
    text: "කොළඹ කුඩා ව්‍යාපාර සඳහා වෙබ් අඩවියක්, සැලැස්මක් සහ පළමු ප්‍රචාරණය, එකම මිලකට.",
    button: "ඔබේ ආරම්භක සැලැස්ම ලබාගන්න",
    cta: "මෙම මාසයේ ආරම්භ කරමුද?",
  },
};
const tamil = {
  heading: "உங்கள் கொழும்பு வணிகத்தை இணையத்தில் வளர்த்திடுங்கள்",
  text: "சிறு நிறுவனங்களுக்கான இணையதளங்கள், தேடல் மற்றும் சமூக ஊடகப் பிரச்சாரங்கள், முப்பது நாட்களில் தயார்.",
  button: "இலவச அழைப்பை முன்பதிவு செய்யுங்கள்",
  features: [
    ["உத்தி", "உங்கள் பட்ஜெட்டுக்கு ஏற்ற திட்டம்."],
    ["வடிவமைப்பு", "உங்கள் வாடிக்கையாளர்கள் விரும்பிப் படிக்கும் பக்கங்கள்."],
    ["வளர்ச்சி", "விசாரணைகளைக் கொண்டுவரும் பிரச்சாரங்கள்."],
  ],
  quote: "ஒரே பருவத்தில் எங்கள் விசாரணைகள் இரட்டிப்பாகின.",
  stat: "நிறைவு செய்த திட்டங்கள்",
  question: "ஒரு இணையதளம் தயாராக எவ்வளவு காலம் ஆகும்?",
  answer: "எங்கள் முதல் அழைப்பிலிருந்து சுமார் நான்கு வாரங்கள்.",
  cta: "தொடங்கத் தயாரா?",
  b: {
    heading: "இந்த மாதமே உங்கள் வணிகத்தை இணையத்துக்குக் கொண்டுவாருங்கள்",
    text: "கொழும்பு சிறு வணிகங்களுக்கு ஒரு இணையதளம், ஒரு திட்டம், முதல் பிரச்சாரம், ஒரே விலையில்.",
    button: "உங்கள் தொடக்கத் திட்டத்தைப் பெறுங்கள்",
    cta: "இந்த மாதம் தொடங்கலாமா?",
  },
};

/** The page's texts in each language, variant B's under `b`. */
export const TEAM_PAGE_TEXTS = { en: english, si: sinhala, ta: tamil };

/** The blocks of variant A in `language`, or of B: the same blocks with B's hero and call to action. */
function blocks(language, variant = "A") {
  const own = variant === "B" ? { ...language, ...language.b } : language;
  return [
    {
      type: "hero",
      heading: own.heading,
      text: own.text,
      button: { label: own.button, href: "#contact" },
    },
    { type: "features", items: language.features.map(([title, text]) => ({ title, text })) },
    { type: "services" },
    { type: "quote", text: language.quote, name: "Nadeesha Perera" },
    { type: "logos" },
    { type: "stats", items: [{ value: "120+", label: language.stat }] },
    { type: "faq", items: [{ question: language.question, answer: language.answer }] },
    { type: "cta", heading: own.cta, button: { label: own.button, href: "#contact" } },
    { type: "contact" },
  ];
}

const TITLES = { en: "Colombo SMEs", si: "කොළඹ කුඩා ව්‍යාපාර", ta: "கொழும்பு சிறு வணிகங்கள்" };

/** The page as `POST /api/pages` (English) or `PUT /api/pages/:id?locale=` (a translation) sends it as `data`. */
export function teamPageData(locale, { variantB = true } = {}) {
  const language = TEAM_PAGE_TEXTS[locale];
  return {
    path: TEAM_PAGE,
    title: TITLES[locale],
    description: language.text,
    image: "",
    noindex: false,
    status: "published",
    blocks: blocks(language),
    variants: variantB ? [{ name: "B", blocks: blocks(language, "B") }] : [],
  };
}

/**
 * Makes the team page on the site at `base` as `admin` ({ email, password }) does: signs in,
 * creates it in English and publishes its Sinhala and Tamil translations. Returns its id.
 * `variantB: false` makes it without variant B.
 */
export async function seedTeamPage(base, admin, { variantB = true } = {}) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`could not sign in as ${admin.email}: ${login.status}`);
  const headers = {
    "Content-Type": "application/json",
    Cookie: login.headers.getSetCookie()[0].split(";")[0],
    Origin: base,
  };
  const created = await fetch(`${base}/api/pages`, {
    method: "POST",
    headers,
    body: JSON.stringify({ data: teamPageData("en", { variantB }) }),
  });
  if (!created.ok) throw new Error(`could not make the team page: ${created.status} ${await created.text()}`);
  const { id } = await created.json();
  for (const locale of ["si", "ta"]) {
    const translated = await fetch(`${base}/api/pages/${id}?locale=${locale}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ version: 0, data: teamPageData(locale, { variantB }) }),
    });
    if (!translated.ok)
      throw new Error(`could not translate the team page (${locale}): ${translated.status} ${await translated.text()}`);
  }
  return id;
}
