import { LegalDocument } from './LegalDocument';
import { TERMS_INTRO, TERMS_SECTIONS, TERMS_UPDATED } from './termsContent';

export function TermsPage() {
  return <LegalDocument title="Terms of Use" updated={TERMS_UPDATED} intro={TERMS_INTRO} sections={TERMS_SECTIONS} />;
}
