import { usePlatformSharePercent } from '../../api/config';
import { LegalDocument } from './LegalDocument';
import { TERMS_INTRO, TERMS_UPDATED, termsSectionsOf } from './termsContent';

export function TermsPage() {
  const platformSharePercent = usePlatformSharePercent();
  return <LegalDocument title="Terms of Use" updated={TERMS_UPDATED} intro={TERMS_INTRO} sections={termsSectionsOf(platformSharePercent, window.location.origin)} />;
}
