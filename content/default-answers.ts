import type { AnswersContent } from "./schemas.ts";

/**
 * The built-in Answers (issue 41 item 3; server/chat/answers.ts): the site's FAQ as a new agency
 * would teach it on its first day, matched before the site's passages. Each answer says only what
 * the built-in content says (content/defaults.ts: the services, About, Contact and the assistant's
 * knowledge base); where it says nothing (a payment schedule) the answer offers to ask. Their
 * Sinhala and Tamil are ./translations/answers-si.ts and answers-ta.ts, in this order.
 *
 * Server only, like ./defaults.ts.
 */
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
    {
      question: "What services do you offer?",
      otherWays: [
        "What services do you provide?",
        "What does your agency do?",
        "What can you help my business with?",
        "What are your services?",
        "What do you offer?",
      ],
      answer:
        "We offer six services: brand strategy and identity; digital marketing and paid media on Google, Meta, TikTok and LinkedIn; content and social media; web design and development, including e-commerce and SEO; business consulting and growth planning; and market research and analytics. You can pick a single service or let us build an end-to-end growth plan around your goals.",
      placementId: 4,
    },
    {
      question: "How much do your services cost?",
      otherWays: [
        "What are your prices?",
        "How much do you charge?",
        "What are your rates?",
        "How does your pricing work?",
        "Can I get a quote?",
        "Can you send me a quote?",
        "How much does it cost to work with you?",
        "How much does it cost?",
        "price?",
      ],
      answer:
        "Pricing depends on the scope of the work. We offer fixed-fee projects, such as a brand identity or a website, and monthly retainers for ongoing marketing; advertising spend is paid directly to the platforms and is separate from our fees. After a free 30-minute discovery call we suggest an option for your budget and send a short proposal with the fee.",
      placementId: 5,
    },
    {
      question: "How long does a project take?",
      otherWays: [
        "How long will my project take?",
        "What is the timeline for a project?",
        "How long does a branding project take?",
        "How long does SEO take?",
        "How long does it take to see results?",
        "When can you start?",
      ],
      answer:
        "It depends on the scope: the timeline is set out in the short proposal we send after a free discovery call. Every engagement begins with a strategy phase, followed by delivery and regular reporting. Ongoing work such as SEO, social media or advertising runs as a monthly retainer, usually an initial three months and then month to month.",
      placementId: 6,
    },
    {
      question: "How do I get started with you?",
      otherWays: [
        "How does a project with you start?",
        "What is your process?",
        "How do we start working together?",
        "What happens after I contact you?",
        "Do you offer a free consultation?",
        "Can I book a free call?",
      ],
      answer:
        "It starts with a free 30-minute discovery call to understand your goals. We then send a short proposal with the scope, timeline and a fixed fee or monthly retainer; once it is agreed, we begin with a strategy phase, followed by delivery and regular reporting in plain language. To book the call, use the form on our Contact Us page, e-mail hello@lankagrowthpartners.lk or call +94 11 234 5678.",
      placementId: 7,
    },
    {
      question: "Where is your office?",
      otherWays: [
        "Where are you located?",
        "What is your address?",
        "Where is your office located?",
        "Can I visit your office?",
        "Can I come to your office?",
        "office location?",
      ],
      answer:
        "Our office is at Level 8, 120 Galle Road, Colombo 03, Sri Lanka. It is open Monday to Friday from 9:00 am to 5:30 pm, and we meet on Saturdays by appointment. We can also meet at your office or by video call.",
      placementId: 8,
    },
    {
      question: "What are your office hours?",
      otherWays: [
        "When are you open?",
        "What are your opening hours?",
        "What time do you open and close?",
        "Are you open on Saturdays?",
        "Are you open on Sundays?",
        "Are you open on weekends?",
        "Do you work on weekends?",
        "working hours?",
      ],
      answer:
        "We are open Monday to Friday, 9:00 am to 5:30 pm Sri Lanka time (UTC+5:30), and meet on Saturdays by appointment. We reply to every message within 24 hours on working days.",
      placementId: 9,
    },
    {
      question: "How can I contact you?",
      otherWays: [
        "What is your phone number?",
        "What is your email address?",
        "What's your email?",
        "How do I get in touch?",
        "How can I reach you?",
        "contact details?",
      ],
      answer:
        "Call us on +94 11 234 5678, e-mail hello@lankagrowthpartners.lk, or send a message through the form on our Contact Us page. We reply to every message within 24 hours on working days.",
      placementId: 10,
    },
    {
      question: "What kind of businesses do you work with?",
      otherWays: [
        "Which industries do you work with?",
        "What industries do you serve?",
        "Who are your clients?",
        "What type of clients do you have?",
        "Do you work with hotels and restaurants?",
        "Do you work with exporters?",
      ],
      answer:
        "We work with small and medium businesses across Sri Lanka: retailers, exporters, hospitality brands and professional firms, from first-time founders to established exporters. One of them is Ceylon Leaf Exports, a family-owned tea exporter we have worked with since our first year.",
      placementId: 11,
    },
    {
      question: "Which languages do you work in?",
      otherWays: [
        "Do you work in Sinhala and Tamil?",
        "Can you write our posts in Tamil?",
        "What languages do you speak?",
        "Do you speak Sinhala or Tamil?",
        "Can you do content in Sinhala and Tamil?",
        "languages?",
        "Can I talk to you in Sinhala or Tamil?",
      ],
      answer:
        "We work in English, Sinhala and Tamil. We write tone of voice, content and campaigns in all three, each written naturally in its language rather than translated word for word, and you can talk to us in any of them.",
      placementId: 12,
    },
    {
      question: "Do you manage social media?",
      otherWays: [
        "Do you do social media marketing?",
        "Can you handle our Facebook and Instagram pages?",
        "Can you manage our Facebook page?",
        "Can you post on our social media for us?",
        "Do you create social media content?",
        "social media management?",
      ],
      answer:
        "Yes. Our Content & Social Media service plans, writes, designs and schedules your content from a monthly content calendar, short-form video included, and manages the conversations it starts. We also arrange influencer and creator partnerships and write blogs and newsletters.",
      placementId: 13,
    },
    {
      question: "Do you do SEO?",
      otherWays: [
        "Do you offer search engine optimisation?",
        "Can you help my website rank on Google?",
        "Can you improve my Google ranking?",
        "Do you provide SEO services?",
        "Can you help my business with SEO?",
        "Can you get my site higher in search results?",
      ],
      answer:
        "We do: search engine optimisation is part of our Web Design & Development service: every website we build is built for search engines from day one. We can also bring in people already searching for what you sell with Google search ads, and we report results in plain language every month.",
      placementId: 14,
    },
    {
      question: "Do you run Google and Facebook ads?",
      otherWays: [
        "Do you do paid advertising?",
        "Can you run Facebook ads for my business?",
        "Do you manage Google Ads?",
        "Can you advertise my business on TikTok?",
        "Do you do LinkedIn ads?",
        "Do you do Instagram ads?",
        "Do you do digital marketing?",
      ],
      answer:
        "Yes. We plan and run campaigns on Google, Meta (Facebook and Instagram), TikTok and LinkedIn around your sales targets, with conversion tracking, weekly optimisation and A/B testing, and a performance report every month. The advertising spend is paid directly to the platforms and is separate from our fee.",
      placementId: 15,
    },
    {
      question: "Can you design a logo and brand for my business?",
      otherWays: [
        "Do you do branding?",
        "Do you design logos?",
        "Can you make a logo for me?",
        "Can you rebrand my business?",
        "Do you do rebranding?",
        "brand guidelines?",
      ],
      answer:
        "Yes. Our Brand Strategy & Identity service starts with a positioning workshop and audience and competitor research, then gives you a logo and visual identity system, a tone of voice in English, Sinhala and Tamil, and a brand guidelines handbook. A brand identity is a fixed-fee project.",
      placementId: 16,
    },
    {
      question: "Do you build websites?",
      otherWays: [
        "Can you make a website for my business?",
        "Do you do web design?",
        "Can you build an online shop?",
        "Do you do e-commerce websites?",
        "Can you create an e-commerce site?",
        "I need a new website",
        "Can you redesign my website?",
        "Do you provide website hosting?",
      ],
      answer:
        "Yes. We design and build fast, mobile-first websites, landing pages and online shops with payment gateway setup, built for search engines from day one and simple for your team to update. We also look after hosting, security and maintenance, with our hosting partner Serendib Cloud.",
      placementId: 17,
    },
    {
      question: "Do you do market research?",
      otherWays: [
        "Can you run customer surveys?",
        "Can you research my market?",
        "Do you do competitor analysis?",
        "Can you help me understand my customers?",
        "Do you offer market research services?",
      ],
      answer:
        "Yes. Our Market Research & Analytics service runs customer surveys and interviews, market sizing and opportunity analysis, competitor benchmarking, and web and campaign analytics audits. We then turn the findings into decisions you can act on, before you invest.",
      placementId: 18,
    },
    {
      question: "How do you report results?",
      otherWays: [
        "Will I get reports?",
        "Do you give reports?",
        "Do you send monthly reports?",
        "How will I know if the marketing is working?",
        "How do I know if the ads are working?",
        "How do you measure results?",
        "Do you track the results of campaigns?",
      ],
      answer:
        "Every campaign is measured from the first day, with conversion tracking set up before launch. You get a report every month in plain language, with no jargon or vanity metrics, and we keep moving budget to what brings real customers. For growth planning we also build KPI dashboards and hold quarterly reviews.",
      placementId: 19,
    },
    {
      question: "What are your payment terms?",
      otherWays: [
        "How do I pay you?",
        "Do I need to pay an advance?",
        "Do you take an advance payment?",
        "Do you need a deposit?",
        "How does billing work?",
        "Is the ad budget included in your fee?",
      ],
      answer:
        "Each piece of work is a fixed-fee project or a monthly retainer, set out in our proposal and a written agreement before work begins; most retainers run month to month after an initial three months. Advertising spend is paid directly to the platforms, separate from our fee. For the payment schedule, ask us on the discovery call or at hello@lankagrowthpartners.lk.",
      placementId: 20,
    },
    {
      question: "Who is on your team?",
      otherWays: [
        "Who will work on my project?",
        "Who will work on my account?",
        "How big is your team?",
        "How many people are in your team?",
        "Who founded Lanka Growth Partners?",
        "Who are the people behind the agency?",
        "Can I meet the team?",
      ],
      answer:
        "We are a deliberately small, senior team of marketers, designers and business consultants, founded in Colombo. When you work with us, you work directly with the people doing the thinking and the making.",
      placementId: 21,
    },
  ],
};
