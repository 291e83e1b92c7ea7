import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair } from '@solana/web3.js';
import { eq } from 'drizzle-orm';
import { initialCurveState } from '../../../core/curve';
import { closeServices, createLogger, createServices } from '../../bootstrap';
import { loadEnv } from '../../env';
import { createTestDatabase } from '../../testing/db';
import { curvePools } from '../schema';
import { stateColumns } from '../../curve/pools';
import { RetiredCustodialData } from './retiredCustodial';

let test: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => { test = await createTestDatabase(); }, 60_000);
afterAll(async () => { await test.cleanup(); });

describe('a database made by the custodial curve', () => {
  it('stops the start, naming what it found and how to go on; starts once nothing custodial is left', async () => {
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: test.dataDir });
    const mint = Keypair.generate().publicKey.toBase58();
    const state = initialCurveState(1);
    // As the custodial design stored a pool.
    await test.database.db.insert(curvePools).values({
      mint, program: 'custodial', poolWallet: Keypair.generate().publicKey.toBase58(), curveType: 1, thresholdLamports: state.thresholdLamports,
      transferFeeBps: 600, maximumFee: '1000000000000000000', ...stateColumns(state),
    });
    const refused = await createServices(env, { database: test.database, log: createLogger(env) }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RetiredCustodialData);
    expect((refused as Error).message).toMatch(/1 custodial curve pool\(s\)/);
    expect((refused as Error).message).toMatch(/start a fresh local ledger/);
    expect((refused as Error).message).toMatch(/DEPLOY\.md/);

    await test.database.db.delete(curvePools).where(eq(curvePools.mint, mint));
    const services = await createServices(env, { database: test.database, log: createLogger(env) });
    expect(services.trades).toBeDefined();
    await closeServices(services);
  }, 120_000);
});
