import { describe, expect, it } from 'vitest';
import {
  CREATION_MESSAGES as M, creationFormSchema, launchCampaignSchema, normalizeGoalInput, orderPhotos, type CreationFormInput,
} from './creation';

const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

const valid: CreationFormInput = {
  name: 'Save the Reef',
  ticker: 'reef',
  goal: '100',
  category: 'Environment',
  initialBuy: '0.5',
  donationWallet: WALLET,
  description: 'Coral restoration in the bay.',
  website: 'https://savethereef.org',
  twitter: '@savethereef',
  telegram: 'https://t.me/savethereef',
  bondingCurveType: 2,
};

/** The messages a form value produces (all of them, in order). */
function messages(patch: Partial<Record<keyof CreationFormInput, unknown>>): string[] {
  const result = creationFormSchema.safeParse({ ...valid, ...patch });
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('creationFormSchema: valid input', () => {
  it('parses a full form, upper-casing the ticker and turning SOL into lamports', () => {
    expect(creationFormSchema.parse(valid)).toEqual({
      name: 'Save the Reef',
      ticker: 'REEF',
      goal: 100_000_000_000n,
      category: 'Environment',
      initialBuy: 500_000_000n,
      donationWallet: WALLET,
      description: 'Coral restoration in the bay.',
      website: 'https://savethereef.org',
      twitter: '@savethereef',
      telegram: 'https://t.me/savethereef',
      bondingCurveType: 2,
    });
  });

  it('fills the defaults: category Other, no initial buy, curve type 1, no links', () => {
    const out = creationFormSchema.parse({
      name: '  Abc ', ticker: 'ABC', goal: 1, donationWallet: WALLET, description: 'x',
      website: '', twitter: '  ', telegram: undefined, initialBuy: '',
    });
    expect(out).toMatchObject({ name: 'Abc', category: 'Other', initialBuy: 0n, bondingCurveType: 1, goal: 1_000_000_000n });
    expect(out.website).toBeUndefined();
    expect(out.twitter).toBeUndefined();
    expect(out.telegram).toBeUndefined();
  });

  it.each<[keyof CreationFormInput, unknown]>([
    ['goal', '1000'], ['goal', 1.5], ['goal', '999.999999999'],
    ['initialBuy', '0'], ['initialBuy', 0], ['initialBuy', '0.001'], ['initialBuy', '2'], ['initialBuy', null],
    ['ticker', 'ABCDEFGHIJ'], ['name', 'x'.repeat(30)], ['description', 'd'.repeat(200)],
    ['website', 'example.com'], ['website', 'http://www.example.co.uk/path?q=1'],
    ['twitter', 'https://x.com/causemint'], ['twitter', 'twitter.com/causemint'], ['twitter', 'cause_mint'],
    ['telegram', '@causemint'], ['telegram', 't.me/causemint_chat'], ['telegram', 'https://t.me/+AbCdEf123'],
    ['bondingCurveType', '1'], ['category', ''],
  ])('accepts %s = %j', (field, value) => {
    expect(messages({ [field]: value })).toEqual([]);
  });
});

describe('creationFormSchema: every rule with its message', () => {
  it.each<[keyof CreationFormInput, unknown, string]>([
    ['name', undefined, M.nameRequired],
    ['name', '', 'Campaign name is required'],
    ['name', '   ', 'Campaign name is required'],
    ['name', 'ab', 'Minimum 3 characters'],
    ['name', 'x'.repeat(31), 'Maximum 30 characters'],
    ['ticker', undefined, 'Token symbol is required'],
    ['ticker', '', 'Token symbol is required'],
    ['ticker', 'AB1', 'Only letters allowed'],
    ['ticker', 'AB', 'Minimum 3 characters'],
    ['ticker', 'ABCDEFGHIJK', 'Maximum 10 characters'],
    ['goal', undefined, 'Goal amount is required'],
    ['goal', '', 'Goal amount is required'],
    ['goal', '0.5', 'Minimum 1 SOL'],
    ['goal', '-5', 'Minimum 1 SOL'],
    ['goal', '1000.000000001', 'Maximum 1000 SOL'],
    ['goal', 5000, 'Maximum 1000 SOL'],
    ['goal', 'ten', 'Goal amount must be a number'],
    ['goal', '1.0000000001', 'SOL amount has more than 9 decimal places: "1.0000000001"'],
    ['category', 'Crypto', M.category],
    ['initialBuy', '0.0009', 'Minimum 0.001 SOL if not zero'],
    ['initialBuy', '2.000000001', 'Maximum 2 SOL allowed'],
    ['initialBuy', '-1', 'Amount must be 0 or greater'],
    ['initialBuy', 'abc', 'Amount must be a number'],
    ['donationWallet', undefined, 'Donation wallet is required'],
    ['donationWallet', '', 'Donation wallet is required'],
    ['donationWallet', 'not-a-wallet', 'Invalid Solana wallet address'],
    ['donationWallet', '0OIl' + WALLET.slice(4), 'Invalid Solana wallet address'],
    ['donationWallet', '1'.repeat(45), 'Invalid Solana wallet address'],
    ['donationWallet', '2'.repeat(32), 'Invalid Solana wallet address'],
    ['description', undefined, 'Description is required'],
    ['description', ' ', 'Description is required'],
    ['description', 'd'.repeat(201), 'Maximum 200 characters'],
    ['website', 'not a url', 'Please enter a valid website URL'],
    ['website', 'javascript:alert(1)', 'Please enter a valid website URL'],
    ['twitter', 'https://facebook.com/someone', 'Invalid Twitter/X URL or username'],
    ['twitter', '@this_handle_is_too_long', 'Invalid Twitter/X URL or username'],
    ['telegram', 'https://example.com/group', 'Invalid Telegram URL or username'],
    ['telegram', '@ab', 'Invalid Telegram URL or username'],
    ['bondingCurveType', 3, 'Bonding curve type must be 1 or 2'],
    ['bondingCurveType', '1.0', 'Bonding curve type must be 1 or 2'],
    ['bondingCurveType', true, 'Bonding curve type must be 1 or 2'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(messages({ [field]: value })[0]).toBe(message);
  });

  it('reports every failing field at once', () => {
    const result = creationFormSchema.safeParse({});
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      name: 'Campaign name is required',
      ticker: 'Token symbol is required',
      goal: 'Goal amount is required',
      donationWallet: 'Donation wallet is required',
      description: 'Description is required',
    });
  });

  it('keeps the wallet check a custom issue, so the server reports its message verbatim', () => {
    const result = creationFormSchema.safeParse({ ...valid, donationWallet: 'nope' });
    expect(result.error!.issues[0]).toMatchObject({ code: 'custom', message: 'Invalid Solana wallet address', path: ['donationWallet'] });
  });
});

describe('normalizeGoalInput (the form, not the server)', () => {
  it.each([
    ['-50', '50'],
    ['--5', '5'],
    ['1500', '1000'],
    ['1000.5', '1000'],
    ['1000', '1000'],
    ['250.5', '250.5'],
    ['', ''],
    ['abc', 'abc'],
  ])('%j -> %j', (typed, shown) => {
    expect(normalizeGoalInput(typed)).toBe(shown);
  });
});

describe('launchCampaignSchema: the form plus its uploaded media', () => {
  const logo = '/ipfs/bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe';
  const media = (patch: Record<string, unknown>) => {
    const result = launchCampaignSchema.safeParse({ ...valid, imageUrl: logo, ...patch });
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts a logo, a video and three photos, main first', () => {
    const out = launchCampaignSchema.parse({
      ...valid, imageUrl: logo, videoUrl: 'https://gateway.pinata.cloud/ipfs/bafyvideo',
      photos: [{ url: '/ipfs/a', isMain: false }, { url: '/ipfs/b', isMain: true }, { url: '/ipfs/c' }],
    });
    expect(out).toMatchObject({ imageUrl: logo, videoUrl: 'https://gateway.pinata.cloud/ipfs/bafyvideo', ticker: 'REEF' });
    expect(out.photos).toEqual([{ url: '/ipfs/b', isMain: true }, { url: '/ipfs/a', isMain: false }, { url: '/ipfs/c', isMain: false }]);
    expect(launchCampaignSchema.parse({ ...valid, imageUrl: logo, videoUrl: '', photos: null })).toMatchObject({ videoUrl: undefined, photos: [] });
  });

  it.each<[string, unknown, string]>([
    ['imageUrl', undefined, 'Please upload a logo for your token'],
    ['imageUrl', '  ', 'Please upload a logo for your token'],
    ['imageUrl', 'javascript:alert(1)', M.imageUrl],
    ['imageUrl', 'logo.png', M.imageUrl],
    ['videoUrl', 'ftp://x/y.mp4', M.videoUrl],
    ['photos', [{ url: '/ipfs/a' }, { url: '/ipfs/b' }, { url: '/ipfs/c' }, { url: '/ipfs/d' }], 'Maximum photos reached'],
    ['photos', [{ url: 'data:image/png;base64,AAAA' }], M.photoUrl],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(media({ [field]: value })[0]).toBe(message);
  });
});

describe('orderPhotos: exactly one main, first by default, stored first', () => {
  it.each([
    [[], []],
    [[{ url: 'a' }, { url: 'b' }], [{ url: 'a', isMain: true }, { url: 'b', isMain: false }]],
    [[{ url: 'a' }, { url: 'b', isMain: true }, { url: 'c', isMain: true }], [{ url: 'b', isMain: true }, { url: 'a', isMain: false }, { url: 'c', isMain: false }]],
  ])('%j -> %j', (given, stored) => {
    expect(orderPhotos(given)).toEqual(stored);
  });
});
