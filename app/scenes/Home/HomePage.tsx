import { ArrowRight, HeartHandshake, Rocket, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { CampaignGrid } from './CampaignGrid';
import { RecentlyViewed } from './RecentlyViewed';
import { taxCardOf } from '../../../core/taxStory';
import { usePlatformSharePercent } from '../../api/config';

const PHONE_BUTTON = 'whitespace-nowrap max-sm:h-9 max-sm:gap-1.5 max-sm:px-3';

const HIGHLIGHTS = [
  { icon: Rocket, title: 'Launch in minutes', text: 'Create a campaign and its token in one flow, straight from your wallet.' },
  { icon: TrendingUp, title: 'Trade on a bonding curve', text: 'Supporters buy and sell the token from the first minute.' },
  // Its line is how campaigns launch here (taxCardOf), filled in where it renders.
  { icon: HeartHandshake, title: 'Every trade gives', text: 'tax-card' },
];

/**
 * Home: the hero, the campaigns this visitor viewed lately, the campaign grid, then what the
 * platform does. The hero is one low band, so a first visit sees campaigns on its first screen
 * under the cookie banner, at 1440x900 and 390x844 alike (e2e/newcomer.test.ts measures it).
 */
export function HomePage() {
  const platformSharePercent = usePlatformSharePercent();
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-600/30 via-surface to-gold-500/10 py-5 sm:py-8" data-testid="hero">
        {/* Spec 1 'Home': the banner itself goes to /start-campaign. A click anywhere on it does; the
            Start a Campaign button (above this layer) is the same link for keyboards and screen readers. */}
        <Link to="/start-campaign" className="absolute inset-0" aria-hidden tabIndex={-1} data-testid="hero-link" />
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 text-center sm:px-6 lg:flex-row lg:justify-between lg:gap-10 lg:text-left">
          <div>
            <p className="hidden text-sm font-semibold tracking-widest text-brand-600 uppercase sm:block dark:text-brand-400">Fundraising tokens on Solana</p>
            <h1 className="text-[1.75rem] leading-tight font-extrabold tracking-tight sm:mt-2 sm:text-5xl">From Meme to Movement</h1>
            <p className="mt-1 max-w-2xl text-sm text-muted sm:mt-3 sm:text-lg">
              <span className="sm:hidden">A token whose every trade funds a cause.</span>
              <span className="hidden sm:inline">Launch a fundraising campaign that is also a tradable token. A fee on every trade funds the cause you care about.</span>
            </p>
          </div>
          {/* One row on a phone too. */}
          <div className="relative flex shrink-0 items-center justify-center gap-2 sm:gap-3">
            <ButtonLink to="/start-campaign" className={PHONE_BUTTON}><Rocket className="h-4 w-4" aria-hidden /> Start a Campaign</ButtonLink>
            <ButtonLink to="/explore" variant="secondary" className={PHONE_BUTTON}>View All Campaigns <ArrowRight className="h-4 w-4" aria-hidden /></ButtonLink>
          </div>
        </div>
      </section>
      <RecentlyViewed />
      <CampaignGrid />
      <section className="mx-auto grid max-w-6xl gap-4 px-4 py-14 sm:grid-cols-3 sm:px-6">
        {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
          <div key={title} className="rounded-2xl border border-line bg-surface-2 p-6">
            <Icon className="h-8 w-8 text-brand-600 dark:text-brand-400" aria-hidden />
            <h2 className="mt-4 text-lg font-bold">{title}</h2>
            <p className="mt-2 text-sm text-muted">{text === 'tax-card' ? taxCardOf(platformSharePercent) : text}</p>
          </div>
        ))}
      </section>
    </>
  );
}
