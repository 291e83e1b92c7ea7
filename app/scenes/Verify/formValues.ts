import type { OrganizationType } from '../../../core/enums';
import type { VerificationRequestCreate } from '../../../core/schemas/verification';

export type VerificationValues = {
  campaign_ticker: string;
  campaign_name: string;
  organization_name: string;
  organization_type: OrganizationType | '';
  registration_number: string;
  tax_id: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  contact_role: string;
  website: string;
  twitter: string;
  telegram: string;
  discord: string;
  donation_wallet: string;
  description: string;
  documents: string[];
  agree_accuracy: boolean;
  agree_cooperation: boolean;
};

export const EMPTY_VALUES: VerificationValues = {
  campaign_ticker: '', campaign_name: '', organization_name: '', organization_type: '', registration_number: '', tax_id: '',
  contact_name: '', contact_email: '', contact_phone: '', contact_role: '', website: '', twitter: '', telegram: '', discord: '',
  donation_wallet: '', description: '', documents: [], agree_accuracy: false, agree_cooperation: false,
};

/** The spec's toast for a form that cannot be sent yet (spec 2 sections 5 and 8), or null when it can. */
export function missingInput(values: VerificationValues): { title: string; description: string } | null {
  if (!values.contact_email.trim()) return { title: 'Missing Required Fields', description: 'Please provide your contact email' };
  if (!values.contact_name.trim()) return { title: 'Missing Required Fields', description: 'Please provide your contact name' };
  if (!values.agree_accuracy || !values.agree_cooperation) return { title: 'Agreement Required', description: 'You must agree to the terms and verification process' };
  return null;
}

/** The request body: snake_case as the API takes it; with a campaign the server reads ticker and name from it. */
export function toRequestBody(values: VerificationValues, tokenAddress: string | null): VerificationRequestCreate {
  const { organization_type, agree_accuracy, agree_cooperation, ...text } = values;
  return {
    ...text,
    token_address: tokenAddress,
    organization_type: organization_type || null,
    agree_accuracy: agree_accuracy as true,
    agree_cooperation: agree_cooperation as true,
  };
}
