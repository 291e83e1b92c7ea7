import type { ReactNode } from 'react';

/** The gradient title banner at the top of content pages. */
export function PageBanner({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-600/30 via-surface-2 to-gold-500/10 px-4 py-14 text-center sm:py-20">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
      {subtitle && <p className="mx-auto mt-4 max-w-2xl text-base text-muted sm:text-lg">{subtitle}</p>}
      {children}
    </section>
  );
}
