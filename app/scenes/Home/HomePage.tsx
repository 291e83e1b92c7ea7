import { ArrowRight, HeartHandshake, Rocket, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { CampaignGrid } from './CampaignGrid';
import { RecentlyViewed } from './RecentlyViewed';
import { CAUSE_PERCENT, TAX_PERCENT } from '../../../core/taxStory';

const HIGHLIGHTS = [
  { icon: Rocket, title: 'Launch in minutes', text: 'Create a campaign and its token in one flow, straight from your wallet.' },
  { icon: TrendingUp, title: 'Trade on a bonding curve', text: 'Supporters buy and sell the token from the first minute.' },
  { icon: HeartHandshake, title: 'Every trade gives', text: `${TAX_PERCENT}% of every trade is withheld and sold; ${CAUSE_PERCENT}% of it is paid to the cause in SOL.` },
];

/** Home: the hero, the campaigns this visitor viewed lately, the campaign grid, then what the platform does. */
export function HomePage() {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-600/30 via-surface to-gold-500/10 px-4 py-20 text-center sm:py-28" data-testid="hero">
        {/* Spec 1 'Home': the banner itself goes to /start-campaign. A click anywhere on it does; the
            Start a Campaign button (above this layer) is the same link for keyboards and screen readers. */}
        <Link to="/start-campaign" className="absolute inset-0" aria-hidden tabIndex={-1} data-testid="hero-link" />
        <p className="text-sm font-semibold tracking-widest text-brand-600 dark:text-brand-400 uppercase">Fundraising tokens on Solana</p>
        <h1 className="mx-auto mt-4 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">From Meme to Movement</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
          Launch a fundraising campaign that is also a tradable token. A tax on every trade funds the cause you care about.
        </p>
        <div className="relative mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <ButtonLink to="/start-campaign" size="lg"><Rocket className="h-5 w-5" aria-hidden /> Start a Campaign</ButtonLink>
          <ButtonLink to="/explore" size="lg" variant="secondary">View All Campaigns <ArrowRight className="h-5 w-5" aria-hidden /></ButtonLink>
        </div>
      </section>
      <RecentlyViewed />
      <CampaignGrid />
      <section className="mx-auto grid max-w-6xl gap-4 px-4 py-14 sm:grid-cols-3 sm:px-6">
        {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
          <div key={title} className="rounded-2xl border border-line bg-surface-2 p-6">
            <Icon className="h-8 w-8 text-brand-600 dark:text-brand-400" aria-hidden />
            <h2 className="mt-4 text-lg font-bold">{title}</h2>
            <p className="mt-2 text-sm text-muted">{text}</p>
          </div>
        ))}
      </section>
    </>
  );
}
