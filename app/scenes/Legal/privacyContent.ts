import type { LegalSection } from './LegalDocument';

export const PRIVACY_UPDATED = 'November 21, 2026';

export const PRIVACY_INTRO = [
  'This Privacy Notice explains what personal data Causemint ("we", "us") collects when you use the Causemint website and services (the "Platform"), why we collect it, who we share it with, how long we keep it and the rights you have. We are the controller of the personal data described here.',
];

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'personal-data', heading: 'Personal data you give us',
    list: [
      'Wallet data: the public address of the Solana wallet you connect and the signed messages that prove you control it.',
      'Profile data: the username and profile photo you choose to add.',
      'Campaign data: campaign names, tickers, descriptions, images, videos, goals, donation wallets, social links and the updates you post.',
      'Verification data: organisation name and type, registration and tax numbers, contact name, email, phone and role, website, social accounts and supporting documents.',
      'Report data: the content of reports you file and, if you give them, your email address and X or Telegram handles.',
      'Support data: the messages you send us and your email address.',
    ],
  },
  {
    id: 'automatic-data', heading: 'Data collected automatically',
    list: [
      'Device and browser data: device type (desktop, mobile or tablet), browser, operating system and language, derived from your browser’s user agent.',
      'Connection data: IP address and the approximate country and city derived from it.',
      'Usage data: pages viewed, the referring page, session start and end, and actions such as connecting a wallet, creating a campaign or making a trade.',
    ],
  },
  {
    id: 'cookies', heading: 'Cookies and similar technologies',
    paragraphs: ['We use cookies and local storage in four categories. You choose through the cookie banner; you can change your choice at any time by clearing the cookies for this site.'],
    list: [
      'Strictly necessary (security) cookies: keep your session and the security of the Platform. They are always on. The cookie-consent cookie remembers your choice for 1 year.',
      'Functional cookies: remember your preferences (user-preferences, 30 days), the campaigns you visited (visited-campaigns, 7 days), your wallet connection (wallet-connection, 30 days) and your theme (theme-preference, 1 year).',
      'Analytics cookies: help us understand how the Platform is used so we can improve it. They are only set when you accept.',
      'Marketing cookies: used to measure campaigns and show relevant content. They are off by default and stay off unless you change that choice.',
    ],
  },
  {
    id: 'analytics', heading: 'Analytics',
    paragraphs: ['We record page views and session activity to produce aggregate statistics such as daily active users, device split and visitors by country. We use these statistics to run and improve the Platform and do not sell them.'],
  },
  {
    id: 'legal-bases', heading: 'Legal bases for processing',
    list: [
      'Contract: to provide the Platform you ask us to use, such as creating campaigns, processing trades and showing your profile.',
      'Legitimate interests: to secure the Platform, prevent fraud and abuse, review reports and verification requests, and understand usage in aggregate.',
      'Consent: for analytics and marketing cookies and for optional information you choose to give. You can withdraw consent at any time.',
      'Legal obligation: to comply with laws such as anti-money-laundering, sanctions and tax rules, and with lawful requests from authorities.',
    ],
  },
  {
    id: 'uses', heading: 'How we use your data',
    list: [
      'To operate the Platform: authenticate your wallet, create and display campaigns, build and submit transactions, and distribute campaign rewards.',
      'To review verification requests and reports and to keep the Platform free of fraud and abuse.',
      'To answer your support requests and send you service messages.',
      'To measure and improve performance, reliability and the user experience.',
      'To comply with the law and enforce our Terms of Use.',
    ],
  },
  {
    id: 'sharing', heading: 'Sharing your data',
    paragraphs: ['We do not sell your personal data. We share it only with:'],
    list: [
      'Service providers who host the Platform, store files, provide blockchain access (RPC) or market data, under contracts that limit their use of the data.',
      'The public: campaign data, profiles and every blockchain transaction are public by design.',
      'Authorities, courts and advisers where the law requires it or to protect our rights and users.',
      'A successor, if Causemint is merged, acquired or its assets are transferred, under this Notice.',
    ],
  },
  {
    id: 'retention', heading: 'How long we keep data',
    paragraphs: ['We keep account, campaign and verification data for as long as your campaign or profile exists and for up to 5 years afterwards where the law requires records to be kept. Session and analytics records are kept for up to 24 months. Support messages are kept for 2 years. Cookies last for the periods stated above.'],
  },
  {
    id: 'blockchain', heading: 'Blockchain data is permanent',
    paragraphs: ['Transactions, token metadata and wallet addresses written to the Solana blockchain are public and cannot be changed or deleted by us or anyone else. Files stored on content-addressed storage networks may also remain available. The rights to erasure and rectification below therefore cannot apply to data on the blockchain; think carefully before putting personal information on chain.'],
  },
  {
    id: 'transfers', heading: 'Overseas transfers',
    paragraphs: ['Our service providers may process data outside your country, including outside the European Economic Area (EEA) and the United Kingdom. Where we transfer data from the EEA or UK we rely on adequacy decisions or the European Commission’s Standard Contractual Clauses (with the UK addendum) and additional safeguards where needed.'],
  },
  {
    id: 'rights', heading: 'Your rights in the EEA and UK',
    paragraphs: ['If you are in the EEA or the UK you have the right to:'],
    list: [
      'Access the personal data we hold about you and receive a copy.',
      'Have inaccurate data corrected.',
      'Have data erased where there is no longer a reason to keep it.',
      'Restrict or object to processing, including processing based on legitimate interests.',
      'Receive your data in a portable format.',
      'Withdraw consent at any time, without affecting earlier processing.',
    ],
    after: ['To use these rights, contact us through support. We answer within one month.'],
  },
  {
    id: 'complaints', heading: 'Complaints',
    paragraphs: ['If you are unhappy with how we handle your data, please contact us first so we can try to fix it. You also have the right to complain to the data protection authority where you live or work; in the UK this is the Information Commissioner’s Office (ICO).'],
  },
  {
    id: 'age', heading: 'Age limit',
    paragraphs: ['The Platform is for adults. You must be 18 years of age or older to use it. We do not knowingly collect data from anyone under 18; if you believe we have, contact us and we will delete it.'],
  },
  {
    id: 'security', heading: 'Security',
    paragraphs: ['We protect data with encryption in transit, encrypted storage of platform keys, access controls and audit logs for administrative actions. No system is perfectly secure; keep your wallet and recovery phrase safe, because we never ask for them.'],
  },
  {
    id: 'changes', heading: 'Changes to this Notice',
    paragraphs: ['We may update this Notice. The date at the top shows the latest version; significant changes are announced on the Platform.'],
  },
  {
    id: 'contact', heading: 'Contact',
    paragraphs: ['For any privacy question or request, contact us through the support chat linked in the footer of every page.'],
  },
];
