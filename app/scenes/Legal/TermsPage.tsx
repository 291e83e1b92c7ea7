import { useTaxTerms } from '../../api/config';
import { LegalDocument } from './LegalDocument';
import { TERMS_INTRO, TERMS_UPDATED, termsSectionsOf } from './termsContent';

export function TermsPage() {
  const terms = useTaxTerms();
  return <LegalDocument title="Terms of Use" updated={TERMS_UPDATED} intro={TERMS_INTRO} sections={termsSectionsOf(terms, window.location.origin)} />;
}
