/**
 * Built-in default content (docs/product.md §1, §3): used for any section that is missing
 * from the store, and as the seed for a fresh install. Every value passes its
 * schema in ./schemas.ts (checked by content/schemas.test.ts). Images are
 * local SVGs under public/, so the site looks right offline.
 *
 * Server only: this is some 500 lines of prose, and browser code must not
 * import it (a route may in its `.server.ts` module). Pages and the admin get
 * the defaults from the store, which answers version 0 with them.
 */
import type { DocumentKey, DocumentOf } from "./sections.ts";
import type {
  AboutContent,
  AiSettings,
  AnswersContent,
  BlogContent,
  BlogPost,
  ContactContent,
  HomeContent,
  LegalContent,
  PartnersContent,
  ServicesContent,
} from "./schemas.ts";

import { DEFAULT_CHAT_DAILY_LIMIT, DEFAULT_GREETING } from "./constants.ts";
import { DEFAULT_SUGGESTED_QUESTIONS } from "./suggested-questions.ts";
import { CHAT_RETENTION_DEFAULT_DAYS } from "./conversations.ts";
import { DEFAULT_TRANSLATION_GUIDES } from "./ai-translation.ts";

// ---------------------------------------------------------------------------
// Partners (also the home logo fallback)

const partnerList: PartnersContent["partners"] = [
  {
    name: "Serendib Cloud",
    description:
      "Our hosting and cloud partner. Serendib Cloud keeps the websites and campaign landing pages we build fast, secure and online around the clock.",
    logo: "/images/partners/serendib-cloud.svg",
    website: "https://www.serendibcloud.example",
    placementId: 0,
    showInHomepage: true,
  },
  {
    name: "Harbourline Analytics",
    description:
      "A data and analytics studio that helps us turn campaign, sales and customer data into dashboards our clients actually read.",
    logo: "/images/partners/harbourline-analytics.svg",
    website: "https://www.harbourline.example",
    placementId: 1,
    showInHomepage: true,
  },
  {
    name: "Ceylon Leaf Exports",
    description:
      "A family-owned tea exporter we have worked with since our first year, from brand refresh to their first international trade-show campaign.",
    logo: "/images/partners/ceylon-leaf-exports.svg",
    website: "https://www.ceylonleaf.example",
    placementId: 2,
    showInHomepage: true,
  },
  {
    name: "Kelani Print House",
    description:
      "Our print and production partner for packaging, brochures and event materials, with careful colour matching and reliable island-wide delivery.",
    logo: "/images/partners/kelani-print-house.svg",
    website: "https://www.kelaniprint.example",
    placementId: 3,
    showInHomepage: true,
  },
  {
    name: "Palmyra Media",
    description:
      "A video and photography collective based in Jaffna and Colombo that produces the brand films and product shoots behind many of our campaigns.",
    logo: "/images/partners/palmyra-media.svg",
    website: "https://www.palmyramedia.example",
    placementId: 4,
    showInHomepage: false,
  },
];

// ---------------------------------------------------------------------------
// Home

export const defaultHome: HomeContent = {
  hero: {
    title: "Marketing and business solutions that move Sri Lankan brands forward",
    subtitle:
      "Lanka Growth Partners is a Colombo agency for ambitious businesses. We combine clear strategy, honest creative work and measurable digital marketing, so every rupee you spend has a job to do. Built without noise. Powered by purpose.",
    cta: "Get Started",
    ctaUrl: "#contact",
    ctaColor: "bg-rose-600 hover:bg-rose-700",
  },
  features: [
    {
      title: "Strategy & Research",
      description:
        "We start by understanding your market, your customers and your numbers. Every engagement begins with a focused growth plan, so decisions are made on evidence rather than guesswork.",
      image: "/images/features/strategy.svg",
    },
    {
      title: "Brand & Content",
      description:
        "We shape how your business looks, sounds and tells its story, in English, Sinhala and Tamil. From identity to social content, everything is built to earn trust and stay consistent across every channel.",
      image: "/images/features/brand.svg",
    },
    {
      title: "Digital Growth",
      description:
        "Search, social and paid campaigns that are measured from the first day. We report in plain language and keep moving budget to what works, so growth is steady and sustainable.",
      image: "/images/features/growth.svg",
    },
  ],
  clientLogos: partnerList.slice(0, 5).map(({ name, logo, website }) => ({ name, logo, website })),
};

// ---------------------------------------------------------------------------
// Services

export const defaultServices: ServicesContent = {
  title: "Our Services",
  subtitle:
    "Practical marketing and business solutions for Sri Lankan companies, from first-time founders to established exporters. Pick a single service or let us build an end-to-end growth plan around your goals.",
  services: [
    {
      title: "Brand Strategy & Identity",
      description:
        "We define what your brand stands for, who it serves and why customers should choose it. Then we turn that strategy into a distinctive identity that works on a shop sign, a product label and a phone screen alike. We design logos, packaging and labels, and can give an established business a fresh look when it is time to rebrand.",
      features: [
        "Brand positioning workshop",
        "Audience and competitor research",
        "Logo and visual identity system",
        "Tone of voice in English, Sinhala and Tamil",
        "Brand guidelines handbook",
      ],
      placementId: 0,
    },
    {
      title: "Digital Marketing & Paid Media",
      description:
        "Campaigns on Google, Meta, TikTok and LinkedIn planned around your sales targets rather than vanity metrics. We test quickly, cut what underperforms and scale what brings customers in. Meta campaigns cover Facebook and Instagram ads; Google campaigns cover search results and YouTube.",
      features: [
        "Campaign strategy and media planning",
        "Search and social advertising",
        "Conversion tracking setup",
        "Weekly optimisation and A/B testing",
        "Monthly performance reports",
      ],
      placementId: 1,
    },
    {
      title: "Content & Social Media",
      description:
        "Consistent, useful content that builds an audience who trusts you. We plan, write, design and schedule your content, and manage the conversations it starts. We can run your Facebook, Instagram, TikTok and LinkedIn pages for you, from posts and reels to replies to comments and messages, and arrange product photo and video shoots with our production partners.",
      features: [
        "Monthly content calendar",
        "Copywriting and graphic design",
        "Short-form video production",
        "Community management",
        "Influencer and creator partnerships",
        "Blog and newsletter writing",
      ],
      placementId: 2,
    },
    {
      title: "Web Design & Development",
      description:
        "Fast, mobile-first websites and landing pages that explain what you do and make it easy to buy or enquire. Built for search engines from day one and simple for your team to update. We build online shops that take card payments, and help your site rank higher on Google through search engine optimisation (SEO).",
      features: [
        "UX and conversion-focused design",
        "Responsive website development",
        "E-commerce and payment gateway setup",
        "Search engine optimisation",
        "Hosting, security and maintenance",
      ],
      placementId: 3,
    },
    {
      title: "Business Consulting & Growth Planning",
      description:
        "Hands-on advice for founders and management teams who need a clear route to the next stage. We help you set priorities, fix bottlenecks and build the routines that keep growth on track.",
      features: [
        "Business model and pricing review",
        "Go-to-market and export planning",
        "Sales process design",
        "KPI dashboards and quarterly reviews",
        "Founder and team workshops",
      ],
      placementId: 4,
    },
    {
      title: "Market Research & Analytics",
      description:
        "Reliable answers about your customers and your market before you invest. We run surveys, interviews and data analysis, then turn the findings into decisions you can act on.",
      features: [
        "Customer surveys and interviews",
        "Market sizing and opportunity analysis",
        "Competitor benchmarking",
        "Web and campaign analytics audits",
      ],
      placementId: 5,
    },
  ],
};

// ---------------------------------------------------------------------------
// Blog (readTime = words / 200 rounded up, checked by content/schemas.test.ts)

const postBrandStrategy = `Many Sri Lankan businesses start their marketing with a logo. It feels like progress: something you can see, print and post. But a logo without a strategy is a costume without a character, and customers notice the difference quickly.

## What a brand strategy actually is

A brand strategy is a short, honest answer to three questions: **who** you serve, **what** you promise them and **why** they should believe you. It does not need to be a thick document. For most small and medium businesses, two pages written in plain language are enough to guide years of decisions.

### The three questions

- **Who:** the specific customers you want more of, not "everyone in Sri Lanka"
- **What:** the one problem you solve better than the alternatives
- **Why:** the proof, from your track record to your reviews and guarantees

## Why it comes before design

When a designer knows the strategy, every choice has a reason. The colours, the typeface and even the photography style all point in the same direction. Without it, design becomes a matter of taste, and taste changes every time a new person joins the meeting.

We have seen a Colombo bakery rebrand three times in four years because each new look was chosen by mood. Once they agreed that they were *the neighbourhood bakery for busy families*, the next identity lasted, and their delivery orders grew because the message finally matched the experience.

## How to start this week

You do not need an agency to begin. Sit down with your team and write one sentence for each of the three questions. Then test those sentences with five real customers and listen to how they describe you in their own words.

- Keep the language simple enough for a new employee to repeat
- Cut any claim you cannot prove today
- Write it in the languages your customers speak

If the answers surprise you, that is useful information. A good strategy is discovered as much as it is decided, and it will make every rupee you later spend on design, advertising and content work harder.`;

const postPerformanceMarketing = `Digital advertising in Sri Lanka has never been more accessible. A small business can launch a campaign on Facebook or Google in an afternoon. The hard part is making sure the budget buys customers rather than clicks.

## Start with the number that matters

Before you spend anything, decide what a successful result looks like. For a retailer it might be an online order; for a consultancy, a booked call. Then work out what one of those results is worth to you. That figure, not the platform's dashboard, is how you judge every campaign.

## Where the first rupees should go

With a modest monthly budget, spread thin across every platform is the fastest way to learn nothing. We usually recommend this order:

- **Search ads** for people already looking for what you sell
- **Retargeting** for visitors who came to your site but did not buy
- **Social prospecting** once the first two are profitable

Search captures existing demand, so it tends to pay back first. Social media creates new demand, which is valuable but slower and harder to measure.

### Measure before you scale

Install conversion tracking before launch, not after. Without it, you are guessing which ad brought the sale. Check that enquiries from WhatsApp, phone calls and forms are all counted, because many Sri Lankan customers prefer to message before they buy.

## Review weekly, decide monthly

Look at results every week, but resist changing everything at once. Give each ad set enough time and spend to show a pattern. Once a month, move budget from the weakest campaigns to the strongest and write down why.

*Small, steady improvements beat dramatic overhauls.* A campaign that improves by ten percent each month will be transformed by the end of the year, and you will understand exactly why it works.`;

const postScaling = `Growth is exciting, but scaling too early is one of the most common reasons promising businesses stall. Before you hire a larger team or open a second location, it is worth checking whether the foundations can take the weight.

## 1. Customers come back without being chased

Repeat customers are the clearest sign that your product delivers on its promise. If most of your revenue still depends on winning new buyers every month, growth will only multiply your marketing costs.

## 2. You know your numbers

You should be able to answer, without opening a spreadsheet, roughly what it costs to win a customer and what that customer is worth over a year. If you cannot, spend a month finding out before you spend more on growth.

## 3. Work runs without you in every conversation

If every quote, complaint and design approval passes through the founder, the business can only grow as fast as one person can work. Write down the tasks you repeat most often and hand them to someone else with a simple checklist.

## 4. Your best channel is clear

Most businesses have one channel that brings in the best customers at a sensible cost. It might be referrals, search or a marketplace. **Scale that channel first** before experimenting with new ones.

## 5. Cash flow can handle a slow month

Scaling usually means spending before you earn. Make sure you can cover at least three months of higher costs, and agree payment terms with suppliers before you need them.

### What to do if you are not ready

Not ticking every box is normal. Pick the weakest area and give it one quarter of focused attention:

- Set up a simple monthly dashboard
- Document three key processes
- Ask ten customers why they chose you

*Readiness is built, not discovered.* A few months spent on foundations usually saves years of painful firefighting later.`;

const postContent = `Open any social media feed in Colombo and you will find brands shouting: countdown timers, flashing discounts and captions written entirely in capital letters. It works for a day. Then customers learn to scroll past.

## Helpful beats loud

The content that builds a business over time answers real questions. A hardware store that explains how to choose the right paint for monsoon weather earns more trust than one that posts another sale banner. When people learn something from you, they remember you when it is time to buy.

## Three kinds of content worth making

- **How-to content** that solves a small problem your customers face
- **Behind-the-scenes stories** that show the people and care behind your work
- **Proof** such as case studies, reviews and before-and-after examples

Mix them across the month, and let promotions be the exception rather than the rule.

### Speak your customers' language

Sri Lanka is multilingual, and your content should be too. A post in Sinhala or Tamil often reaches people that an English caption never will. Keep the tone consistent across languages, but write each version naturally rather than translating word for word.

## Consistency matters more than volume

Three useful posts a week, every week, will outperform a burst of daily posting followed by a month of silence. Plan a simple calendar, batch your writing and design, and keep a list of customer questions to turn into future posts.

*Quiet confidence is persuasive.* Customers can tell when a brand is trying to help rather than trying to sell, and they reward it with attention, loyalty and referrals.`;

export const defaultBlog: BlogContent = {
  title: "Insights & Ideas",
  subtitle:
    "Practical thinking on marketing, branding and business growth, written for Sri Lankan founders and teams who want results without the noise.",
};

/**
 * The built-in posts: written as records the first time the site starts
 * (server/posts/move-in.ts), after which the admin's edits are what counts.
 */
export const defaultPosts: readonly (BlogPost & { id: string })[] = [
  {
    id: "default-post-1",
    title: "Why Sri Lankan SMEs Need a Brand Strategy Before a Logo",
    excerpt:
      "A logo is only as strong as the strategy behind it. Here is how to define who you serve, what you promise and why customers should believe you.",
    content: postBrandStrategy,
    date: "2025-03-18",
    readTime: "2 min read",
    image: "/images/blog/brand-strategy.svg",
    featured: true,
    placementId: 0,
    updatedAt: "2025-03-18T04:30:00.000Z",
    status: "published",
  },
  {
    id: "default-post-2",
    title: "Performance Marketing on a Colombo Budget: Where Every Rupee Should Go",
    excerpt:
      "Digital ads are easy to launch and easy to waste. A simple order of priorities helps small budgets buy customers rather than clicks.",
    content: postPerformanceMarketing,
    date: "2025-05-06",
    readTime: "2 min read",
    image: "/images/blog/performance-marketing.svg",
    featured: true,
    placementId: 1,
    updatedAt: "2025-05-06T05:00:00.000Z",
    status: "published",
  },
  {
    id: "default-post-3",
    title: "Five Signs Your Business Is Ready to Scale",
    excerpt:
      "Scaling too early is a common reason promising businesses stall. Check these five foundations before you hire, expand or raise your budget.",
    content: postScaling,
    date: "2025-07-22",
    readTime: "2 min read",
    image: "/images/blog/scaling.svg",
    featured: true,
    placementId: 2,
    updatedAt: "2025-07-22T03:45:00.000Z",
    status: "published",
  },
  {
    id: "default-post-4",
    title: "Content That Sells Without Shouting",
    excerpt:
      "Loud promotions fade fast. Helpful, consistent content builds the trust that turns followers into loyal customers.",
    content: postContent,
    date: "2025-02-10",
    readTime: "2 min read",
    image: "/images/blog/content.svg",
    featured: false,
    placementId: 3,
    updatedAt: "2025-02-10T06:15:00.000Z",
    status: "published",
  },
];

// ---------------------------------------------------------------------------
// Partners

export const defaultPartners: PartnersContent = {
  title: "Our Partners",
  subtitle:
    "We work alongside trusted specialists and long-standing clients across Sri Lanka. Together we deliver more than any of us could alone.",
  partners: partnerList,
};

// ---------------------------------------------------------------------------
// About

export const defaultAbout: AboutContent = {
  title: "About Us",
  subtitle: "A marketing and business-solutions agency from Colombo, built without noise and powered by purpose.",
  story: `Lanka Growth Partners was founded in Colombo by a small group of marketers, designers and business consultants who kept meeting the same kind of client: capable Sri Lankan businesses with great products, held back by marketing that was loud, scattered and hard to measure.

We set out to build a different kind of agency. One that starts with the numbers and the customer, explains its work in plain language and treats every client's budget as carefully as its own. Today we help retailers, exporters, hospitality brands and professional firms across the island grow with clear strategy, honest creative work and measurable digital marketing.

We are still a deliberately small, senior team. When you work with us, you work directly with the people doing the thinking and the making, and we measure our success by yours.`,
  mission:
    "To help Sri Lankan businesses grow with clarity and confidence, through honest strategy, purposeful creative work and marketing whose results you can see.",
  values: [
    {
      title: "Clarity over noise",
      description:
        "We say what we will do, do it, and explain the results in plain language. No jargon, no vanity metrics.",
    },
    {
      title: "Purpose in every rupee",
      description: "We treat your budget as carefully as our own and move spending to whatever brings real customers.",
    },
    {
      title: "Rooted in Sri Lanka",
      description:
        "We know the market, its languages and its people, and we are proud to help local businesses compete anywhere.",
    },
    {
      title: "Partnership, not projects",
      description:
        "We build long-term relationships, share ownership of outcomes and celebrate our clients' wins as our own.",
    },
  ],
  team: [],
};

// ---------------------------------------------------------------------------
// Contact

export const defaultContact: ContactContent = {
  title: "Contact Us",
  subtitle:
    "Tell us about your business and what you want to achieve. We reply to every message within 24 hours on working days.",
  info: {
    address: "Level 8, 120 Galle Road, Colombo 03, Sri Lanka",
    email: "hello@lankagrowthpartners.lk",
    phone: "+94 11 234 5678",
    website: "www.lankagrowthpartners.lk",
  },
  map: { lat: "6.9271", lng: "79.8612", zoom: "10" },
  mapEmbed: "",
};

// ---------------------------------------------------------------------------
// Legal (simple HTML: h2, p, ul/li)

export const defaultPrivacyPolicy: LegalContent = {
  title: "Privacy Policy",
  content: `<p>This is default content. Please review it with your legal adviser and update it from the Admin Panel before relying on it.</p>
<h2>Who we are</h2>
<p>This website is operated by Lanka Growth Partners, a marketing and business-solutions agency based in Colombo, Sri Lanka. This policy explains what personal information we collect through the website and how we use it.</p>
<h2>Information we collect</h2>
<ul>
<li>Details you send us through the contact form, such as your name, email address, company and message.</li>
<li>Messages you type into the chat assistant.</li>
<li>Basic technical information, such as your browser type and the pages you visit, used to keep the site secure and working.</li>
</ul>
<h2>How we use it</h2>
<p>We use your information to reply to your enquiries, provide our services, improve this website and meet our legal obligations. We do not sell your personal information.</p>
<h2>Sharing and storage</h2>
<p>We share information only with service providers who help us run the website, such as hosting, email and AI providers, and only as far as needed. We keep information only as long as necessary for these purposes.</p>
<h2>Your rights</h2>
<p>You may ask us for a copy of the personal information we hold about you, or ask us to correct or delete it, by writing to us using the details on our Contact page.</p>
<h2>Changes to this policy</h2>
<p>We may update this policy from time to time. The latest version is always available on this page.</p>`,
};

export const defaultTermsConditions: LegalContent = {
  title: "Terms & Conditions",
  content: `<p>This is default content. Please review it with your legal adviser and update it from the Admin Panel before relying on it.</p>
<h2>About these terms</h2>
<p>These terms apply to your use of the Lanka Growth Partners website. By using the site, you agree to them. Separate written agreements govern any services we provide to clients.</p>
<h2>Use of the website</h2>
<ul>
<li>Use the site lawfully and do not attempt to disrupt or gain unauthorised access to it.</li>
<li>Do not copy or reuse our content, logos or images without permission.</li>
<li>Answers from the chat assistant are general information, not professional advice.</li>
</ul>
<h2>Content and accuracy</h2>
<p>We work to keep the information on this website accurate and up to date, but we do not guarantee that it is complete or free of errors. Articles and examples are for general guidance only.</p>
<h2>Links to other websites</h2>
<p>Links to partner and third-party websites are provided for convenience. We are not responsible for their content or practices.</p>
<h2>Liability</h2>
<p>To the extent permitted by law, we are not liable for any loss arising from your use of this website.</p>
<h2>Governing law</h2>
<p>These terms are governed by the laws of the Democratic Socialist Republic of Sri Lanka, and disputes are subject to the courts of Colombo.</p>`,
};

// ---------------------------------------------------------------------------
// AI settings

export const defaultAiSettings: AiSettings = {
  greeting: DEFAULT_GREETING,
  knowledgeBase: `Lanka Growth Partners is a marketing and business-solutions agency founded in Colombo, Sri Lanka. Our motto is "Built without noise. Powered by purpose." We help small and medium businesses, exporters, hospitality brands and professional firms grow with clear strategy, honest creative work and measurable digital marketing.

What services do you offer? Brand strategy and identity; digital marketing and paid media (Google, Meta, TikTok and LinkedIn); content and social media management; web design and development, including e-commerce and search engine optimisation; business consulting and growth planning; and market research and analytics. Clients can choose a single service or an end-to-end growth plan.

Where are you and when are you open? Our office is at Level 8, 120 Galle Road, Colombo 03, Sri Lanka. We are open Monday to Friday, 9:00 am to 5:30 pm Sri Lanka time (UTC+5:30), and meet on Saturdays by appointment. We work with clients across Sri Lanka and overseas, in person or online.

How can I contact you? Email hello@lankagrowthpartners.lk, call +94 11 234 5678, or use the form on the Contact Us page. We reply to every message within 24 hours on working days.

How does an engagement work? It starts with a free 30-minute discovery call to understand your goals. We then send a short proposal with scope, timeline and a fixed fee or monthly retainer. Projects begin with a strategy phase, followed by delivery and regular reporting in plain language. Most retainers run month to month after an initial three-month period, and reports are shared monthly.

How much does it cost? Pricing depends on scope. We offer fixed-fee projects, such as a brand identity or a website, and monthly retainers for ongoing marketing. Advertising spend is paid directly to the platforms and is separate from our fees. We are happy to suggest an option for your budget after a discovery call.

Which languages do you work in? English, Sinhala and Tamil.`,
  blogKnowledgeBase: `Write for Lanka Growth Partners, a marketing and business-solutions agency in Colombo, Sri Lanka. Readers are Sri Lankan founders, business owners and marketing managers of small and medium businesses, plus exporters and hospitality brands. They are busy, practical and sceptical of hype.

Tone: clear, confident, warm and plain-spoken, in line with our motto "Built without noise. Powered by purpose." Use British English spelling. Avoid jargon, buzzwords, exaggerated promises and clickbait. Prefer concrete, local examples (Colombo retailers, tea and apparel exporters, hotels, professional services), and mention Sri Lankan realities where they help: rupee budgets, multilingual audiences (English, Sinhala and Tamil), WhatsApp-first customers and seasonal trade.

Structure: a short opening that names the reader's problem; sections with "## " headings and "### " subheadings; short paragraphs; "- " bullet lists for steps and checklists; **bold** for key ideas and *italic* sparingly. End with a practical next step the reader can take this week. Do not use HTML, tables, emojis or hashtags, and do not invent statistics or client names.`,
  chatDailyLimit: DEFAULT_CHAT_DAILY_LIMIT,
  chatRetentionDays: CHAT_RETENTION_DEFAULT_DAYS,
  suggestedQuestions: [...DEFAULT_SUGGESTED_QUESTIONS],
  translation: structuredClone(DEFAULT_TRANSLATION_GUIDES),
};

// ---------------------------------------------------------------------------
// Answers (issue 41 item 3): what the team taught the assistant, given before the site's passages

export const defaultAnswers: AnswersContent = {
  answers: [
    {
      question: "Do you offer monthly packages?",
      otherWays: ["Do you have monthly retainers?", "Can I pay monthly?", "Do you have a monthly plan?"],
      answer:
        "Yes. Besides fixed-fee projects such as a brand identity or a website, we offer monthly retainers for ongoing marketing: social media, content, paid advertising and reporting. Most retainers run month to month after an initial three-month period. Advertising spend is paid to the platforms directly and is separate from our fee. Tell us your budget on a free discovery call and we will suggest a package that fits.",
      placementId: 0,
    },
    {
      question: "Do you work with small businesses and start-ups?",
      otherWays: ["Is my business too small for you?", "Do you help new businesses?", "Can a startup hire you?"],
      answer:
        "Yes. Most of our clients are small and medium businesses, and many are in their first years. We can start with one service, such as a brand identity or a social media plan, and grow the work as your business grows.",
      placementId: 1,
    },
    {
      question: "How long does it take to build a website?",
      otherWays: [
        "How long will my website take?",
        "When will my website be ready?",
        "What is the timeline for a website?",
      ],
      answer:
        "A brochure website of up to ten pages usually takes four to six weeks from the first workshop to launch; an online shop takes eight to twelve weeks. The timeline is set out in our proposal after the discovery call, and depends mostly on how quickly the content and feedback come in.",
      placementId: 2,
    },
    {
      question: "Do you work with clients outside Colombo?",
      otherWays: [
        "Can you work with businesses overseas?",
        "Do you work online?",
        "Do you serve clients in Kandy or Jaffna?",
      ],
      answer:
        "Yes. We work with clients across Sri Lanka and overseas, in person or online. Workshops can be held at your office, at ours in Colombo 03, or by video call.",
      placementId: 3,
    },
  ],
};

/** The built-in content of every document in the registry (./sections.ts), by key. */
export const documentDefaults: { readonly [K in DocumentKey]: DocumentOf<K> } = {
  home: defaultHome,
  services: defaultServices,
  blog: defaultBlog,
  partners: defaultPartners,
  about: defaultAbout,
  contact: defaultContact,
  "privacy-policy": defaultPrivacyPolicy,
  "terms-conditions": defaultTermsConditions,
  "ai-settings": defaultAiSettings,
  answers: defaultAnswers,
};
