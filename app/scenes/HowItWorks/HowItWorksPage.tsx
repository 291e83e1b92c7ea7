import { BadgeCheck, Coins, HandCoins, Rocket, Users } from 'lucide-react';
import { creationCostSentence } from '../../../core/dbcLaunch';
import { taxStoryOf } from '../../../core/taxStory';
import { GRADUATION_IN_SHORT } from '../../../core/graduation';
import { usePayoutIntervalMs, usePlatformSharePercent } from '../../api/config';
import { ButtonLink } from '../../components/ui/Button';
import { PageBanner } from '../../components/ui/PageBanner';

const STEPS = [
  {
    icon: Rocket, title: 'Launch Your Campaign',
    text: 'Connect your wallet, tell your story, set a goal between 1 and 1,000 SOL and choose the wallet that receives the donations: your own or a verified charity.',
  },
  {
    icon: Coins, title: 'Token Generation',
    text: 'Your campaign gets its own token with a fixed supply of 1,000,000,000, created on Solana in the same flow. ',
    // The creation cost (this site's address sizes the mint's metadata) is filled in where it renders.
    cost: true,
  },
  {
    icon: Users, title: 'Community Trading',
    text: `Supporters buy and sell the token on a bonding curve from the first minute. ${GRADUATION_IN_SHORT}`,
  },
  {
    icon: HandCoins, title: 'Receive Funds',
    // The configured payout interval is filled in where it renders.
    text: 'tax-story',
  },
  {
    icon: BadgeCheck, title: 'Get Verified',
    text: 'Apply for a verified badge to show supporters your campaign is legitimate. Verification is free and reviewed within 24-48 hours.',
  },
];

export function HowItWorksPage() {
  const payoutMs = usePayoutIntervalMs();
  const platformSharePercent = usePlatformSharePercent();
  return (
    <>
      <PageBanner title="From Meme to Movement" subtitle="How a token launch becomes a fundraiser: five steps from idea to impact." />
      <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <ol className="space-y-4">
          {STEPS.map(({ icon: Icon, title, text, cost }, index) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-line bg-surface-2 p-5 sm:p-6">
              <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-500/15 text-brand-600 dark:text-brand-400">
                <Icon className="h-6 w-6" aria-hidden />
              </div>
              <div>
                <p className="text-xs font-semibold tracking-widest text-muted uppercase">Step {index + 1}</p>
                <h2 className="mt-1 text-xl font-bold">{title}</h2>
                <p className="mt-2 text-muted">{text === 'tax-story' ? taxStoryOf(platformSharePercent, payoutMs) : text}{cost && creationCostSentence(window.location.origin)}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex flex-col items-center gap-3 text-center sm:flex-row sm:justify-center">
          <ButtonLink to="/start-campaign" size="lg">Start Your Campaign</ButtonLink>
          <ButtonLink to="/get-verified" size="lg" variant="secondary">Learn About Verification</ButtonLink>
        </div>
      </section>
    </>
  );
}
