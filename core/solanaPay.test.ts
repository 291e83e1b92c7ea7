import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTransferRequestUrl, transferRequestUrl } from './solanaPay';

const RECIPIENT = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
const REFERENCE = '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny';

describe('Solana Pay transfer requests', () => {
  it('prints the spec example shape: plain decimal amount, reference, encoded label and message', () => {
    const url = transferRequestUrl({
      recipient: RECIPIENT, amountLamports: 1_000_000n, references: [REFERENCE], label: 'Michael', message: 'Thanks for all the fish',
    });
    expect(url).toBe(`solana:${RECIPIENT}?amount=0.001&reference=${REFERENCE}&label=Michael&message=Thanks%20for%20all%20the%20fish`);
  });

  it('round-trips any amount and text', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 10n ** 18n }), fc.string(), fc.string(), (lamports, label, message) => {
      const parsed = parseTransferRequestUrl(transferRequestUrl({ recipient: RECIPIENT, amountLamports: lamports, references: [REFERENCE], label, message }));
      expect(parsed.amountLamports).toBe(lamports);
      expect(parsed.references).toEqual([REFERENCE]);
      expect(parsed.label ?? '').toBe(label);
      expect(parsed.message ?? '').toBe(message);
    }));
  });

  it('refuses what is not a transfer request', () => {
    expect(() => parseTransferRequestUrl('https://example.com')).toThrow('not a solana: URL');
    expect(() => parseTransferRequestUrl('solana:notanaddress!')).toThrow('recipient');
    expect(() => parseTransferRequestUrl(`solana:${RECIPIENT}?amount=1e-3`)).toThrow('plain decimal');
    expect(() => transferRequestUrl({ recipient: 'x', references: [] })).toThrow('recipient');
  });
});
