export const BENEFITS = [
  { title: 'Trust Badge', text: 'A verified badge on your campaign card and page tells supporters your team and cause were checked.' },
  { title: 'Priority Placement', text: 'Verified campaigns are easier to find: they can be filtered on the Explore page and are favoured in featured spots.' },
  { title: 'Larger Audience', text: 'Supporters who only back checked causes can find and trust you, so your campaign reaches more people.' },
];

export const PROCESS = [
  { title: 'Connect your wallet', text: 'Connect the wallet that created your campaign, or any wallet to apply for pre-verification before you launch.' },
  { title: 'Submit the application', text: 'Tell us about your organisation, your contact details, your social accounts and the donation wallet.' },
  { title: 'Ownership check', text: 'We confirm that you control the creator wallet and the donation wallet.' },
  { title: 'Legitimacy review', text: 'Our team reviews your cause, your documents and your social presence within 24-48 hours.' },
  { title: 'Get your badge', text: 'Once approved, the verified badge appears on your campaign for its whole lifetime.' },
];

export const REQUIREMENTS = [
  'Transparent goals: a clear description of what the funds are for',
  'Verified donation wallet: a wallet you or the charity demonstrably control',
  'Active socials: at least one active social media account for the cause',
  'Regular updates: a commitment to post progress updates for supporters',
  'Proof of social cause: documents or links that show the cause is real',
];

export const FAQ = [
  { q: 'How much does verification cost?', a: 'Nothing. Verification is free.' },
  { q: 'How long does the review take?', a: 'Reviews are usually completed within 24-48 hours of your application.' },
  { q: 'How long does the badge last?', a: "The badge lasts for your campaign's lifetime, as long as the campaign keeps to our terms." },
  { q: 'Can I apply before I launch a campaign?', a: 'Yes. Apply for pre-verification without a campaign; your badge is applied once you launch.' },
  { q: 'What happens if my application is rejected?', a: 'We tell you why. You can fix the issues and apply again.' },
];
