import { useEffect } from 'react';
import { Link } from 'react-router';
import { useClientConfig } from '../../api/config';
import { SUPPORT_EMAIL } from '../../lib/site';

export type LegalSection = { id: string; heading: string; paragraphs?: string[]; list?: string[]; after?: string[] };

type LegalDocumentProps = { title: string; updated: string; intro: string[]; sections: LegalSection[] };

/** A static legal text with a table of contents; opens at the top (spec 2 section 2.6). */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  useEffect(() => { window.scrollTo(0, 0); }, []);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-extrabold sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-muted">Last updated: {updated}</p>
      {intro.map((p) => <p key={p} className="mt-4 leading-relaxed text-muted">{p}</p>)}
      <nav aria-label="Contents" className="mt-8 rounded-2xl border border-line bg-surface-2 p-5">
        <h2 className="font-semibold">Contents</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((s) => <li key={s.id}><a href={`#${s.id}`} className="text-brand-600 dark:text-brand-400 hover:underline">{s.heading}</a></li>)}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} className="mt-10 scroll-mt-24">
          <h2 className="text-xl font-bold">{i + 1}. {s.heading}</h2>
          {s.paragraphs?.map((p) => <p key={p} className="mt-3 leading-relaxed text-muted">{p}</p>)}
          {s.list && (
            <ul className="mt-3 list-disc space-y-2 pl-6 text-muted">
              {s.list.map((item) => <li key={item}>{item}</li>)}
            </ul>
          )}
          {s.after?.map((p) => <p key={p} className="mt-3 leading-relaxed text-muted">{p}</p>)}
        </section>
      ))}
      <footer className="mt-12 border-t border-line pt-6 text-sm text-muted">
        <p>Questions? <SupportContact /> See also our{' '}
          <Link to="/terms" className="text-brand-600 underline dark:text-brand-400">Terms of Use</Link> and{' '}
          <Link to="/privacy" className="text-brand-600 underline dark:text-brand-400">Privacy Notice</Link>.
        </p>
        <p className="mt-2">© {new Date().getFullYear()} Causemint. All rights reserved.</p>
      </footer>
    </article>
  );
}

/** Where a reader asks a question: the support chat when one is configured, else the support address (what the footer offers). */
function SupportContact() {
  const chatUrl = useClientConfig().data?.supportChatUrl ?? null;
  if (chatUrl) {
    return <>Contact us through the <a href={chatUrl} target="_blank" rel="noopener noreferrer" className="text-brand-600 underline dark:text-brand-400">support chat</a> (also in the site footer).</>;
  }
  return <>Write to <a href={`mailto:${SUPPORT_EMAIL}`} className="text-brand-600 underline dark:text-brand-400" data-testid="legal-support-email">{SUPPORT_EMAIL}</a> (the footer's Email support link).</>;
}
