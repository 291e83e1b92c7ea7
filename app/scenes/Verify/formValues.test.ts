import { describe, expect, it } from 'vitest';
import { VerificationRequestCreate } from '../../../core/schemas/verification';
import { EMPTY_VALUES, missingInput, toRequestBody } from './formValues';

const filled = { ...EMPTY_VALUES, contact_name: 'Ada', contact_email: 'ada@example.org', agree_accuracy: true, agree_cooperation: true };

describe('the verification form', () => {
  it("asks for the email first, then the name, then both agreements, in the spec's words", () => {
    expect(missingInput(EMPTY_VALUES)).toEqual({ title: 'Missing Required Fields', description: 'Please provide your contact email' });
    expect(missingInput({ ...filled, contact_name: ' ' })).toEqual({ title: 'Missing Required Fields', description: 'Please provide your contact name' });
    expect(missingInput({ ...filled, agree_cooperation: false })).toEqual({ title: 'Agreement Required', description: 'You must agree to the terms and verification process' });
    expect(missingInput(filled)).toBeNull();
  });

  it('sends a body the server schema accepts: blanks become null, the token address travels, no organization type is null', () => {
    const body = toRequestBody({ ...filled, website: '', organization_type: '' }, 'Mint111');
    const parsed = VerificationRequestCreate.parse(body);
    expect(parsed).toMatchObject({ token_address: 'Mint111', website: null, organization_type: null, contact_email: 'ada@example.org' });
    expect(VerificationRequestCreate.safeParse(toRequestBody({ ...filled, agree_accuracy: false }, null)).success).toBe(false);
  });
});
