import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATION_MESSAGES } from '../../../core/schemas/creation';
import { DETAILS_MESSAGES, STORY_MAX } from '../../../core/schemas/campaignDetails';
import { campaigns } from '../../db/schema';
import { NOT_CAMPAIGN_CREATOR, NOT_PLATFORM_CAMPAIGN } from '../../policies/campaigns';
import { WALLET_REQUIRED_MESSAGE } from '../../policies/wallet';
import { createTestApp, type TestApp } from '../../testing/app';
import { fingerprinter } from '../../testing/dbFingerprint';
import { signInWallet, type SignedIn } from '../../testing/wallet';

describe('a creator edits the story, goal and links after launch', () => {
  let t: TestApp;
  let creator: SignedIn;
  let other: SignedIn;
  let fingerprint: () => Promise<string>;

  const send = (method: 'GET' | 'PATCH', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? { cookie: who.cookie } : {} });
  const edit = (payload: object, who: SignedIn = creator, mint = 'MintStory') => send('PATCH', `/api/campaigns/${mint}/details`, who, payload);
  const refused = async (status: number, error: string, payload: object, who?: SignedIn, mint = 'MintStory') => {
    const before = await fingerprint();
    const res = await send('PATCH', `/api/campaigns/${mint}/details`, who, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toBe(error);
    expect(await fingerprint()).toBe(before);
  };
  const campaign = async () => (await send('GET', '/api/campaigns/MintStory')).json();
  const edits = async () => (await send('GET', '/api/campaigns/MintStory/edits')).json().edits as {
    editor_wallet: string; created_at: string; changes: { field: string; before: string | null; after: string | null }[];
  }[];

  beforeAll(async () => {
    t = await createTestApp();
    [creator, other] = [await signInWallet(t.app), await signInWallet(t.app)];
    const base = { ticker: 'STORY', name: 'Story', description: 'Clean water for Riverbend.', goalLamports: 100n * 10n ** 9n, creatorWallet: creator.wallet };
    await t.services.db.insert(campaigns).values([
      { ...base, tokenAddress: 'MintStory', requestId: 'req-story', website: 'https://riverbend.example' },
      { ...base, ticker: 'ELSE', tokenAddress: 'MintElse' },
    ]);
    fingerprint = await fingerprinter(t.services.database);
  });
  afterAll(async () => { await t.close(); });

  it('starts with the description as the story and no edits', async () => {
    expect(await campaign()).toMatchObject({ story: 'Clean water for Riverbend.', details_edited_at: null, goal_change: null, goal_lamports: String(100n * 10n ** 9n) });
    expect(await edits()).toEqual([]);
    expect((await send('GET', '/api/campaigns/NoSuchMint/edits')).statusCode).toBe(404);
  });

  it('lets only the signed-in creator of a platform-created campaign edit, and refuses bad input with the form\'s words, storing nothing', async () => {
    await refused(401, WALLET_REQUIRED_MESSAGE, { goal: '150' });
    await refused(403, NOT_CAMPAIGN_CREATOR, { goal: '150' }, other);
    await refused(403, NOT_PLATFORM_CAMPAIGN, { goal: '150' }, creator, 'MintElse');
    await refused(400, DETAILS_MESSAGES.nothingToChange, {}, creator);
    await refused(400, DETAILS_MESSAGES.storyMax, { story: 'x'.repeat(STORY_MAX + 1) }, creator);
    await refused(400, CREATION_MESSAGES.goalMin, { goal: '0.5' }, creator);
    await refused(400, CREATION_MESSAGES.goalMax, { goal: '1000.000000001' }, creator);
    await refused(400, CREATION_MESSAGES.goalRequired, { goal: null }, creator);
    await refused(400, CREATION_MESSAGES.website, { website: 'not a site' }, creator);
    await refused(400, CREATION_MESSAGES.twitter, { twitter: 'https://example.com/me' }, creator);
    await refused(400, CREATION_MESSAGES.telegram, { telegram: '@x' }, creator);
    await refused(400, DETAILS_MESSAGES.discord, { discord: 'https://evil.example/discord' }, creator);
    // One bad field refuses the whole edit.
    await refused(400, CREATION_MESSAGES.website, { goal: '150', website: 'not a site' }, creator);
  });

  it('saves a longer story as plain text, a new goal and links, and records each change with what it was', async () => {
    const story = 'Riverbend has no clean water.\r\n\r\nWe dig a well: see https://riverbend.example/plan  \nand <b>help</b>.';
    const res = await edit({ story, goal: '150.5', twitter: '@riverbend', website: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().edit).toMatchObject({
      editor_wallet: creator.wallet,
      changes: [
        { field: 'story', before: null, after: 'Riverbend has no clean water.\n\nWe dig a well: see https://riverbend.example/plan\nand <b>help</b>.' },
        { field: 'goal', before: '100', after: '150.5' },
        { field: 'website', before: 'https://riverbend.example', after: null },
        { field: 'twitter', before: null, after: '@riverbend' },
      ],
    });
    const now = await campaign();
    expect(now).toMatchObject({ goal_lamports: '150500000000', goal_amount: 150.5, website: null, twitter: '@riverbend' });
    expect(now.story).toContain('<b>help</b>');
    expect(now.details_edited_at).not.toBeNull();
    // The lists show the new goal at once (the edit's event clears their caches).
    const listed = (await send('GET', '/api/campaigns?limit=50')).json().campaigns as { token_address: string; goal_amount: number }[];
    expect(listed.find((c) => c.token_address === 'MintStory')?.goal_amount).toBe(150.5);
  });

  it('keeps the goal\'s whole history, newest edit first, and an edit that changes nothing writes nothing', async () => {
    expect((await edit({ goal: '120' })).statusCode).toBe(200);
    const before = await fingerprint();
    const same = await edit({ goal: '120', twitter: '@riverbend' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ edit: null });
    expect(await fingerprint()).toBe(before);
    // The page's funding card says the goal changed, and what it was at launch.
    expect((await campaign()).goal_change).toEqual({ launch_goal_sol: '100', changed_at: expect.any(String) });
    const history = await edits();
    expect(history.map((e) => e.changes.map((c) => `${c.field}:${c.before}->${c.after}`))).toEqual([
      ['goal:150.5->120'],
      ['story:null->Riverbend has no clean water.\n\nWe dig a well: see https://riverbend.example/plan\nand <b>help</b>.', 'goal:100->150.5', 'website:https://riverbend.example->null', 'twitter:null->@riverbend'],
    ]);
  });

  it('clears the story back to the description with a blank one', async () => {
    expect((await edit({ story: '   ' })).statusCode).toBe(200);
    expect((await campaign()).story).toBe('Clean water for Riverbend.');
    expect((await edits())[0]!.changes).toEqual([{ field: 'story', before: expect.stringContaining('Riverbend has no clean water.'), after: null }]);
  });
});
