import { LegalDocument } from './LegalDocument';
import { PRIVACY_INTRO, PRIVACY_SECTIONS, PRIVACY_UPDATED } from './privacyContent';

export function PrivacyPage() {
  return <LegalDocument title="Privacy Notice" updated={PRIVACY_UPDATED} intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />;
}
