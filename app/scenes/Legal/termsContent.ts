import { creationCostSentence } from '../../../core/dbcLaunch';
import { TAX_PERCENT } from '../../../core/taxStory';
import { causeBpsOfTrade, DBC_PROTOCOL_FEE_PERCENT } from '../../../core/curve/dbc';
import type { LegalSection } from './LegalDocument';

// The fee clauses tell each campaign's own DBC pool's fee (issue 36), not a token tax.
export const TERMS_UPDATED = 'December 2, 2026';

export const TERMS_INTRO = [
  'These Terms of Use govern your access to and use of the Causemint website, its campaign pages, token launch and trading tools, and every related service (together, the "Platform"). By connecting a wallet or otherwise using the Platform you agree to these Terms. If you do not agree, do not use the Platform.',
];

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'eligibility', heading: 'Eligibility',
    paragraphs: [
      'You must be at least 18 years old and able to form a binding contract to use the Platform. You may not use the Platform if you are located in, or a resident of, a country or territory subject to comprehensive sanctions, or if you are on any sanctions list.',
      'You are responsible for making sure that your use of the Platform is lawful where you live. Creating a campaign or trading tokens may be restricted in some places.',
    ],
  },
  {
    id: 'platform', heading: 'What the Platform does',
    paragraphs: [
      'Causemint lets a creator launch a fundraising campaign that is also a token on the Solana blockchain. The token trades on a bonding curve and, once the curve is complete, on a liquidity pool. A share of every trade of a campaign token is collected and paid out in SOL to the donation wallet the creator chose.',
      'Causemint is software. It is not a bank, broker, exchange, investment adviser, charity or fiduciary. We do not hold your funds or your keys, and we do not endorse any campaign, creator or token.',
    ],
  },
  {
    id: 'wallets', heading: 'Wallets and accounts',
    paragraphs: [
      'There is no separate login: your identity is the Solana wallet you connect, and you prove control of it by signing a message. You are solely responsible for the security of your wallet, its recovery phrase and its private keys. We cannot recover lost keys or reverse transactions.',
    ],
  },
  {
    id: 'fees', heading: 'Fees',
    paragraphs: [
      // The fee clauses before this one come from termsSectionsOf (how campaigns launch here).
      'Fees are fixed in the token and in the Platform’s transactions at the time you act, are shown before you sign, and are not refundable once the transaction is confirmed.',
    ],
  },
  {
    id: 'creators', heading: 'Creator obligations',
    list: [
      'Describe your campaign truthfully and use the funds for the purpose you state.',
      'Only use a donation wallet you or the named beneficiary control.',
      'Post regular updates so supporters can follow the progress of your cause.',
      'Respect the intellectual property, privacy and other rights of others in every text, image and video you upload.',
      'Comply with every law that applies to fundraising and to token offerings where you and your supporters are located.',
    ],
  },
  {
    id: 'conduct', heading: 'Prohibited conduct',
    list: [
      'Fraud, scams, impersonation, misleading campaigns or fake charities.',
      'Money laundering, terrorist financing or the evasion of sanctions.',
      'Market manipulation, including wash trading and coordinated pump-and-dump schemes.',
      'Content that is illegal, hateful, harassing, sexually explicit or that infringes the rights of others.',
      'Attacks on the Platform, including scraping at abusive rates, probing for vulnerabilities or interfering with other users.',
    ],
    after: ['Anyone may report a campaign through the Report page. We may hide, flag or remove campaigns and restrict access to the Platform’s interface at our discretion; tokens already on the blockchain remain there.'],
  },
  {
    id: 'risks', heading: 'Risks',
    paragraphs: [
      'Tokens are highly volatile and may lose all of their value. Bonding-curve prices move with every trade, liquidity can be thin and you may not be able to sell. Blockchain transactions are final and irreversible. Smart contracts, wallets and networks can fail or be attacked. Nothing on the Platform is financial, legal or tax advice. Only use funds you can afford to lose.',
    ],
  },
  {
    id: 'verification', heading: 'Verification',
    paragraphs: [
      'A verified badge means our team reviewed the information a creator gave us at the time of review. It is not a guarantee that a campaign will reach its goal or use its funds as promised. Verification is free and may be withdrawn if we learn a campaign breaks these Terms.',
    ],
  },
  {
    id: 'content', heading: 'Your content',
    paragraphs: [
      'You keep ownership of the content you upload. You grant Causemint a worldwide, non-exclusive, royalty-free licence to host, store, display and distribute it for the purpose of operating and promoting the Platform. Uploaded files may be stored on content-addressed storage networks where they cannot always be deleted.',
    ],
  },
  {
    id: 'ip', heading: 'Intellectual property',
    paragraphs: ['The Platform’s software, design, logos and texts belong to Causemint or its licensors. You may not copy or reuse them except as these Terms or the law allow.'],
  },
  {
    id: 'third-parties', heading: 'Third-party services',
    paragraphs: ['The Platform links to or integrates wallets, explorers, decentralised exchanges, market-data providers and storage networks that we do not control. Their own terms apply, and we are not responsible for them.'],
  },
  {
    id: 'disclaimers', heading: 'Disclaimers',
    paragraphs: ['The Platform is provided "as is" and "as available", without warranties of any kind, express or implied, including merchantability, fitness for a particular purpose and non-infringement. We do not warrant that the Platform will be uninterrupted, error-free or secure, or that market data shown is accurate or current.'],
  },
  {
    id: 'liability', heading: 'Limitation of liability',
    paragraphs: [
      'To the fullest extent permitted by law, Causemint and its team will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of profits, tokens, data or goodwill.',
      'Our total liability for any claim arising from a transaction on the Platform is capped at the fees you paid to the Platform for that transaction.',
    ],
  },
  {
    id: 'indemnity', heading: 'Indemnity',
    paragraphs: ['You agree to indemnify and hold Causemint harmless from any claim, loss or expense arising from your campaigns, your content, your breach of these Terms or your violation of any law or third-party right.'],
  },
  {
    id: 'changes', heading: 'Changes and termination',
    paragraphs: ['We may change these Terms by posting a new version with a new date. Continued use after a change means you accept it. We may suspend or end your access to the Platform’s interface at any time, for example during maintenance or to comply with the law.'],
  },
  {
    id: 'law', heading: 'Governing law and disputes',
    paragraphs: ['These Terms are governed by the laws of the jurisdiction where Causemint is established, without regard to its conflict-of-law rules. Before starting formal proceedings, you agree to contact us through support so we can try to resolve the dispute informally within 30 days. Nothing in these Terms removes rights you have as a consumer under mandatory law.'],
  },
  {
    id: 'contact', heading: 'Contact',
    paragraphs: ['Questions about these Terms can be sent through the support chat linked in the footer of every page.'],
  },
];

function feeClauses(platformSharePercent: number, origin: string): string[] {
  const cause = causeBpsOfTrade(platformSharePercent) / 100;
  const platform = Number((causeBpsOfTrade(0) / 100 - cause).toFixed(2));
  const split = platform > 0
    ? `${cause}% of every trade for the campaign’s donation wallet (and ${platform}% of every trade is the Platform’s own share)`
    : `the rest, ${cause}% of every trade, for the campaign’s donation wallet`;
  return [
    `${creationCostSentence(origin)} Everything is paid in the one launch transaction your wallet signs.`,
    `Every campaign token trades in its own Meteora Dynamic Bonding Curve pool, and after graduation in a Meteora DAMM v2 pool. Each pool charges a ${TAX_PERCENT}% fee on every trade, kept in SOL: Meteora’s program keeps ${DBC_PROTOCOL_FEE_PERCENT}% of it as its protocol fee, and the Platform claims ${split}, at the interval the site shows (every 10 minutes unless the operator sets another). Nothing is sold for the fee. The official Causemint token carries a 10% total tax, split as shown on its page.`,
  ];
}

/** The Terms' sections, with the fee clauses for this site's platform share of a pool's fee. */
export function termsSectionsOf(platformSharePercent: number, origin: string): LegalSection[] {
  const fees = feeClauses(platformSharePercent, origin);
  return TERMS_SECTIONS.map((section) => section.id !== 'fees' ? section : {
    ...section, paragraphs: [...fees, ...(section.paragraphs ?? [])],
  });
}
