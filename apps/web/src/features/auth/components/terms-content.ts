/**
 * Kindred's Terms and Conditions, shown in the sign-up modal as 9 numbered, expandable sections with
 * subsections (SPEC §2). Kindred is open-source software that an operator runs; "we" is that operator.
 */
export interface TermsSubsection {
  title: string;
  paragraphs: string[];
}

export interface TermsSection {
  id: string;
  title: string;
  subsections: TermsSubsection[];
}

export const TERMS_LAST_UPDATED = '1 November 2026';

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    subsections: [
      {
        title: 'About these Terms',
        paragraphs: [
          'These Terms and Conditions ("Terms") govern your use of Kindred, a social and dating network for adults, including the website, its feed, profiles, messaging features and any related services (together, the "Service").',
          'By creating an account or using the Service you agree to these Terms. If you do not agree, do not sign up or use the Service.',
        ],
      },
      {
        title: 'Who we are',
        paragraphs: [
          'Kindred is operated by the organisation named in the contact details of this site ("Kindred", "we", "us"). Kindred is built on open-source software; these Terms apply to this site only.',
        ],
      },
      {
        title: 'Changes to these Terms',
        paragraphs: [
          'We may update these Terms to reflect changes to the Service or the law. We will tell you about material changes by email or in the Service at least 14 days before they take effect. If you keep using the Service after that date, the updated Terms apply; if you do not accept them, you may delete your account at any time.',
        ],
      },
    ],
  },
  {
    id: 'age-restrictions',
    title: 'Age Restrictions',
    subsections: [
      {
        title: 'Minimum age',
        paragraphs: [
          'The Service is only for adults. You must be at least 18 years old, or the age of majority where you live if that is higher, to create an account or use the Service.',
        ],
      },
      {
        title: 'Your confirmation',
        paragraphs: [
          'When you sign up and each time you sign in you confirm that you meet the minimum age. Giving false information about your age is a serious breach of these Terms.',
        ],
      },
      {
        title: 'Accounts of minors',
        paragraphs: [
          'If we learn or reasonably suspect that an account belongs to someone under the minimum age, we will suspend it immediately and delete it together with its content. If you believe a minor is using the Service, please report it to us.',
        ],
      },
    ],
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    subsections: [
      {
        title: 'Our content',
        paragraphs: [
          'The Kindred name, logo and the design of the Service are protected by trademark and copyright law. The source code of the Kindred software is available under its open-source licence; nothing in these Terms limits your rights under that licence.',
        ],
      },
      {
        title: 'Your content',
        paragraphs: [
          'You keep ownership of the photos, posts, comments and other content you share ("Your Content"). You grant us a worldwide, non-exclusive, royalty-free licence to host, store, display and distribute Your Content only as needed to run and improve the Service, and only to the audience you choose. This licence ends when you delete the content or your account, except for copies kept for the periods described in the Privacy section.',
          'You confirm that you own Your Content or have permission to share it, and that people who can be identified in it have agreed to its being shared.',
        ],
      },
      {
        title: 'Reporting infringement',
        paragraphs: [
          'If you believe content on the Service infringes your copyright or other rights, contact us with a description of the work, where it appears on the Service and your contact details. We will review the report promptly and remove infringing content.',
        ],
      },
    ],
  },
  {
    id: 'restrictions',
    title: 'Restrictions',
    subsections: [
      {
        title: 'Respectful conduct',
        paragraphs: [
          'Treat other members with respect. Do not harass, threaten, stalk, bully, intimidate or discriminate against anyone, and do not contact a member who has made clear they do not want to hear from you.',
        ],
      },
      {
        title: 'Prohibited content',
        paragraphs: [
          'Do not post content that is illegal, sexually explicit, violent or hateful; that involves or depicts anyone under 18; that shares someone else’s private information or intimate images without consent; or that is spam, a scam or misleading.',
        ],
      },
      {
        title: 'Honest profiles',
        paragraphs: [
          'Use your real identity and accurate information. Do not impersonate anyone, create more than one personal account, or share or sell your account.',
        ],
      },
      {
        title: 'Security and automated access',
        paragraphs: [
          'Do not try to access accounts or data that are not yours, interfere with the Service, probe it for vulnerabilities without permission, or collect data from it with bots, scrapers or other automated means.',
        ],
      },
      {
        title: 'Commercial use',
        paragraphs: [
          'Do not use the Service to advertise, solicit money or sell goods or services unless we have agreed to it in writing. Advertising enquiries go to our support mailbox.',
        ],
      },
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    subsections: [
      {
        title: 'What we collect',
        paragraphs: [
          'We collect what you give us (name, email address, phone number, profile details, photos, posts and messages) and what the Service records as you use it (sign-in times, device and browser details and, if you allow it, your approximate location).',
        ],
      },
      {
        title: 'How we use it',
        paragraphs: [
          'We use your information to run your account and keep it secure (including email, phone and two-factor verification), to show your profile and posts to the audience you choose, to suggest people you may want to meet, to send you service messages and, only if you subscribe, our newsletter. We do not sell your personal information.',
        ],
      },
      {
        title: 'Who can see what',
        paragraphs: [
          'Your profile name, photos and the details you add to your profile are visible to other members. Your email address, phone number and precise location are never shown to other members. Posts are visible to the audience you choose when you publish them.',
        ],
      },
      {
        title: 'Your choices and rights',
        paragraphs: [
          'You can edit your profile, change who sees your posts, unsubscribe from the newsletter, temporarily disable your account or delete it permanently at any time from the Settings. Depending on where you live you may also have the right to access, correct, export or erase your data, or to object to how we use it; contact us to exercise these rights.',
        ],
      },
      {
        title: 'Retention',
        paragraphs: [
          'When you delete your account we delete your profile, photos and posts. We may keep limited records for up to 90 days where needed for security, to prevent abuse, or to meet legal obligations.',
        ],
      },
    ],
  },
  {
    id: 'liability',
    title: 'Liability',
    subsections: [
      {
        title: 'Meeting people',
        paragraphs: [
          'We do not run criminal background checks on members and cannot guarantee that members are who they say they are. Take care when you communicate with or decide to meet people: meet in public places, tell a friend where you are going, and never send money to someone you have not met.',
        ],
      },
      {
        title: 'No warranties',
        paragraphs: [
          'The Service is provided "as is" and "as available". To the extent the law allows, we make no promises about its accuracy, reliability or fitness for a particular purpose, or about the conduct of members on or off the Service.',
        ],
      },
      {
        title: 'Limitation of liability',
        paragraphs: [
          'To the extent the law allows, we are not liable for indirect, incidental or consequential losses, loss of data or loss of profits, and our total liability to you for any claim is limited to the amount you paid us in the 12 months before the claim. Nothing in these Terms limits liability that cannot be limited by law, such as for death or personal injury caused by negligence, or for fraud.',
        ],
      },
      {
        title: 'Your responsibility',
        paragraphs: [
          'You are responsible for your use of the Service and Your Content, and you agree to compensate us for claims by others that arise from your breach of these Terms.',
        ],
      },
    ],
  },
  {
    id: 'availability',
    title: 'Availability',
    subsections: [
      {
        title: 'Changes to the Service',
        paragraphs: [
          'We work to keep the Service available and improving. We may add, change or remove features, and some features are marked "coming soon" until they are ready.',
        ],
      },
      {
        title: 'Maintenance and interruptions',
        paragraphs: [
          'The Service may be unavailable from time to time for maintenance, updates or reasons beyond our control. Where we can, we will announce planned maintenance in advance.',
        ],
      },
      {
        title: 'Plans and trial',
        paragraphs: [
          'The free plan is a 60-day trial. Paid plans (Beginner and Professional) are billed monthly at the price shown when you choose them, and you can cancel at the end of any billing period. If we change a plan’s price, we will tell you at least 30 days before it applies to you.',
        ],
      },
    ],
  },
  {
    id: 'termination',
    title: 'Termination',
    subsections: [
      {
        title: 'By you',
        paragraphs: [
          'You can temporarily disable your account, which hides your profile until you sign in again, or delete it permanently, at any time from the Settings.',
        ],
      },
      {
        title: 'By us',
        paragraphs: [
          'We may suspend or close your account if you breach these Terms, if we must do so by law, or to protect members or the Service. Where appropriate we will tell you why and give you a chance to respond, unless doing so would put others at risk.',
        ],
      },
      {
        title: 'What happens next',
        paragraphs: [
          'When an account is closed, the licence you gave us for Your Content ends as described above. Sections that by their nature should continue (such as Liability and Governing Law) remain in effect.',
        ],
      },
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    subsections: [
      {
        title: 'Applicable law',
        paragraphs: [
          'These Terms are governed by the laws of the country in which the operator of this site is established, without regard to conflict-of-law rules. If you use the Service as a consumer, you also keep the protection of the mandatory laws of the country where you live.',
        ],
      },
      {
        title: 'Resolving disputes',
        paragraphs: [
          'If you have a concern, please contact us first: most problems can be solved quickly and informally. If we cannot resolve a dispute within 30 days, either of us may bring it before the competent courts of the place where the operator is established, or of your place of residence if the law gives you that right.',
        ],
      },
      {
        title: 'Contact',
        paragraphs: [
          'Questions about these Terms can be sent to our support mailbox, shown in the footer of the feed.',
        ],
      },
    ],
  },
];
