import * as Collapsible from '@radix-ui/react-collapsible';
import { useWallet } from '@solana/wallet-adapter-react';
import { BadgeCheck, CheckCircle2, ChevronDown, Megaphone, Star } from 'lucide-react';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageBanner } from '../../components/ui/PageBanner';
import { BENEFITS, FAQ, PROCESS, REQUIREMENTS } from './content';

const BENEFIT_ICONS = [BadgeCheck, Star, Megaphone];

export function GetVerifiedPage() {
  const { connected } = useWallet();
  const applyTo = connected ? '/account/verify' : '/account';
  return (
    <>
      <PageBanner title="Get Verified" subtitle="Show supporters your campaign is legitimate. Verification is free and reviewed within 24-48 hours.">
        <ButtonLink to={applyTo} size="lg" className="mt-8">Apply for Verification</ButtonLink>
      </PageBanner>
      <div className="mx-auto max-w-5xl space-y-14 px-4 py-12 sm:px-6">
        <section>
          <h2 className="text-2xl font-bold">Why get verified?</h2>
          <div className="mt-6 grid gap-4 md:grid-cols-3">
            {BENEFITS.map((b, i) => {
              const Icon = BENEFIT_ICONS[i];
              return (
                <Card key={b.title}>
                  <Icon className="h-8 w-8 text-brand-600 dark:text-brand-400" aria-hidden />
                  <h3 className="mt-3 text-lg font-bold">{b.title}</h3>
                  <p className="mt-2 text-sm text-muted">{b.text}</p>
                </Card>
              );
            })}
          </div>
        </section>
        <section>
          <h2 className="text-2xl font-bold">The verification process</h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {PROCESS.map((step, i) => (
              <li key={step.title} className="rounded-2xl border border-line bg-surface-2 p-5">
                <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-500 font-bold text-slate-950">{i + 1}</span>
                <h3 className="mt-3 font-bold">{step.title}</h3>
                <p className="mt-1 text-sm text-muted">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
        <section>
          <h2 className="text-2xl font-bold">Requirements</h2>
          <ul className="mt-6 space-y-3">
            {REQUIREMENTS.map((r) => (
              <li key={r} className="flex items-start gap-3"><CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden /> {r}</li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="text-2xl font-bold">Frequently asked questions</h2>
          <div className="mt-6 space-y-3">
            {FAQ.map((item) => (
              <Collapsible.Root key={item.q} className="rounded-xl border border-line bg-surface-2">
                <Collapsible.Trigger className="group flex w-full items-center justify-between gap-4 p-4 text-left font-semibold">
                  {item.q}
                  <ChevronDown className="h-5 w-5 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
                </Collapsible.Trigger>
                <Collapsible.Content className="px-4 pb-4 text-muted">{item.a}</Collapsible.Content>
              </Collapsible.Root>
            ))}
          </div>
        </section>
        <div className="text-center">
          <ButtonLink to={applyTo} size="lg">{connected ? 'Start Your Application' : 'Connect Wallet to Apply'}</ButtonLink>
        </div>
      </div>
    </>
  );
}
