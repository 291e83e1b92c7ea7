import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddressLookupTableProgram, Authorized, Connection, Keypair, LAMPORTS_PER_SOL, Lockup, NONCE_ACCOUNT_LENGTH, NonceAccount, PublicKey,
  StakeProgram, SystemProgram, SYSVAR_CLOCK_PUBKEY, SYSVAR_EPOCH_SCHEDULE_PUBKEY, SYSVAR_RECENT_BLOCKHASHES_PUBKEY, SYSVAR_RENT_PUBKEY,
  SYSVAR_SLOT_HASHES_PUBKEY, SYSVAR_SLOT_HISTORY_PUBKEY, SYSVAR_STAKE_HISTORY_PUBKEY, Transaction, ValidatorInfo, VoteInit, VoteProgram,
  sendAndConfirmTransaction, type AccountInfo, type ParsedAccountData,
} from '@solana/web3.js';
import { TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { address } from '@solana/kit';
import type { LiteSvm } from 'litesvm/dist/internal';
import { writeAccount } from '../../chain/ledger/svm';
import { airdrop, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';

// Expected shapes are agave's account-decoder (parse_sysvar.rs, parse_nonce.rs,
// parse_address_lookup_table.rs, parse_bpf_loader.rs, parse_stake.rs, parse_vote.rs,
// parse_config.rs); the bytes are what the real programs on the ledger wrote (validator info
// aside: LiteSVM has no Config program, so those accounts are put on the ledger directly).
const FEES = new PublicKey('SysvarFees111111111111111111111111111111111');
const EPOCH_REWARDS = new PublicKey('SysvarEpochRewards1111111111111111111111111');
const LAST_RESTART_SLOT = new PublicKey('SysvarLastRestartS1ot1111111111111111111111');
const U64_MAX = '18446744073709551615';
const CONFIG_PROGRAM = new PublicKey('Config1111111111111111111111111111111111111');
const STAKE_CONFIG = new PublicKey('StakeConfig11111111111111111111111111111111');
const VALIDATOR_INFO = new PublicKey('Va1idator1nfo111111111111111111111111111111');

/** A Config-program account's data: ConfigKeys (a short_vec of key and signer flag), then a bincode string. */
function configAccountData(keys: [PublicKey, boolean][], text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(body.length));
  return Buffer.concat([Buffer.from([keys.length]), ...keys.map(([key, signer]) => Buffer.concat([key.toBuffer(), Buffer.from([signer ? 1 : 0])])), length, body]);
}

type Parsed = { program: string; parsed: { type: string; info: Record<string, unknown> }; space: number };
const parsedOf = (account: AccountInfo<Buffer | ParsedAccountData> | null | undefined): Parsed => account?.data as unknown as Parsed;

describe('local ledger: jsonParsed sysvar, nonce, lookup-table, loader, stake, vote and config accounts', () => {
  let t: RpcTestApp;
  let connection: Connection;
  let rpc: RpcTestApp['rpc'];
  let subscriptions: RpcTestApp['rpcSubscriptions'];
  const payer = Keypair.generate();

  beforeAll(async () => {
    t = await startRpcTestApp();
    ({ connection, rpc, rpcSubscriptions: subscriptions } = t);
    await airdrop(connection, payer.publicKey, 100 * LAMPORTS_PER_SOL);
  });
  afterAll(async () => { await t?.close(); });

  it('renders every sysvar the ledger holds, with agave\'s names and types', async () => {
    const keys = [SYSVAR_CLOCK_PUBKEY, SYSVAR_RENT_PUBKEY, SYSVAR_EPOCH_SCHEDULE_PUBKEY, FEES, SYSVAR_RECENT_BLOCKHASHES_PUBKEY,
      SYSVAR_SLOT_HASHES_PUBKEY, SYSVAR_STAKE_HISTORY_PUBKEY, EPOCH_REWARDS, LAST_RESTART_SLOT, SYSVAR_SLOT_HISTORY_PUBKEY];
    const slot = await connection.getSlot();
    const accounts = (await connection.getMultipleParsedAccounts(keys)).value.map(parsedOf);
    expect(accounts.map((a) => a.program)).toEqual(Array(keys.length).fill('sysvar'));
    const [clock, rent, schedule, fees, recent, slotHashes, stakeHistory, epochRewards, lastRestart, slotHistory] = accounts.map((a) => a.parsed);

    expect(clock.type).toBe('clock');
    expect(Object.keys(clock.info)).toEqual(['slot', 'epoch', 'epochStartTimestamp', 'leaderScheduleEpoch', 'unixTimestamp']);
    // The ledger's clock sysvar follows its slot clock.
    expect(clock.info.slot).toBeGreaterThanOrEqual(slot);
    expect(clock.info.slot).toBeLessThan(slot + 20);
    expect(Math.abs((clock.info.unixTimestamp as number) - Date.now() / 1000)).toBeLessThan(30);
    // Epoch 0's first slot is the genesis: its time, not the clock's now. The clock reads the slot clock's anchor and
    // getBlockTime the block as stored at its commit, the same moment rounded to a second each: at most 1 s apart.
    const genesisTime = (await connection.getBlockTime(await connection.getFirstAvailableBlock()))!;
    expect(Math.abs((clock.info.epochStartTimestamp as number) - genesisTime)).toBeLessThanOrEqual(1);
    expect(clock.info.epochStartTimestamp as number).toBeLessThanOrEqual(clock.info.unixTimestamp as number);

    // As Agave 2.2 states it (not SIMD-0194's folded 6,960 and 1, which give the same minimum balances).
    expect(rent).toEqual({ type: 'rent', info: { lamportsPerByteYear: '3480', exemptionThreshold: 2, burnPercent: 50 } });
    // The rent the ledger charges is the rent the sysvar states.
    const { lamportsPerByteYear, exemptionThreshold } = rent.info as { lamportsPerByteYear: string; exemptionThreshold: number };
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBe(128 * Number(lamportsPerByteYear) * exemptionThreshold);

    expect(schedule.type).toBe('epochSchedule');
    expect(Object.keys(schedule.info)).toEqual(['slotsPerEpoch', 'leaderScheduleSlotOffset', 'warmup', 'firstNormalEpoch', 'firstNormalSlot']);
    expect(schedule.info.slotsPerEpoch).toBe(432_000);
    // The sysvar programs read agrees with getEpochSchedule.
    const rpcSchedule = await connection.getEpochSchedule();
    expect(schedule.info).toMatchObject({ warmup: rpcSchedule.warmup, firstNormalEpoch: rpcSchedule.firstNormalEpoch, firstNormalSlot: rpcSchedule.firstNormalSlot });
    expect(fees).toEqual({ type: 'fees', info: { feeCalculator: { lamportsPerSignature: expect.any(String) } } });
    expect(recent.type).toBe('recentBlockhashes');
    expect((recent.info as unknown as unknown[]).length).toBeGreaterThan(0);
    // Up to 150 entries as a validator keeps them, newest first: one per slot since the genesis (so a young
    // ledger's root holds few), read here at the tip, once the ledger has a few slots.
    while (await connection.getSlot('confirmed') < 3) await new Promise((r) => setTimeout(r, 100));
    const tip = await connection.getParsedAccountInfo(SYSVAR_RECENT_BLOCKHASHES_PUBKEY, 'confirmed');
    const entries = (parsedOf(tip.value).parsed.info) as unknown as { blockhash: string; feeCalculator: { lamportsPerSignature: string } }[];
    const expected = Math.min(150, tip.context.slot - (await connection.getFirstAvailableBlock()) + 1);
    // The sysvar is rewritten as the slot clock moves, which a read's context slot may be a few slots ahead of.
    expect(entries.length).toBeLessThanOrEqual(expected);
    expect(entries.length).toBeGreaterThanOrEqual(Math.min(150, expected - 10));
    expect(entries.length).toBeGreaterThan(1);
    expect(new Set(entries.map((e) => e.blockhash)).size).toBe(entries.length);
    expect(entries.every((e) => e.feeCalculator.lamportsPerSignature === '5000')).toBe(true);
    expect(slotHashes.type).toBe('slotHashes');
    expect((slotHashes.info as unknown as unknown[])[0]).toEqual({ slot: expect.any(Number), hash: expect.any(String) });
    expect(stakeHistory).toEqual({ type: 'stakeHistory', info: [] });
    expect(epochRewards).toEqual({
      type: 'epochRewards',
      info: {
        distributionStartingBlockHeight: 0, numPartitions: 0, parentBlockhash: expect.any(String), totalPoints: '0', totalRewards: '0',
        distributedRewards: '0', active: false,
      },
    });
    expect(lastRestart).toEqual({ type: 'lastRestartSlot', info: { lastRestartSlot: 0 } });
    expect(slotHistory.type).toBe('slotHistory');
    expect(slotHistory.info.nextSlot).toEqual(expect.any(Number));
    expect(slotHistory.info.bits).toMatch(/^[01]{1048576}$/);

    const kitClock = await rpc.getAccountInfo(address(SYSVAR_CLOCK_PUBKEY.toBase58()), { encoding: 'jsonParsed' }).send();
    expect(kitClock.value?.data).toMatchObject({ program: 'sysvar', parsed: { type: 'clock', info: { slot: expect.any(BigInt), epoch: 0n } } });
    const kitRent = await rpc.getAccountInfo(address(SYSVAR_RENT_PUBKEY.toBase58()), { encoding: 'jsonParsed' }).send();
    expect(kitRent.value?.data).toMatchObject({ program: 'sysvar', parsed: { type: 'rent', info: { lamportsPerByteYear: lamportsPerByteYear } } });
  });

  it('renders a durable nonce account (also to accountSubscribe) as the system program wrote it', async () => {
    const nonce = Keypair.generate();
    await sendAndConfirmTransaction(connection, new Transaction().add(...SystemProgram.createNonceAccount({
      fromPubkey: payer.publicKey, noncePubkey: nonce.publicKey, authorizedPubkey: payer.publicKey,
      lamports: await connection.getMinimumBalanceForRentExemption(NONCE_ACCOUNT_LENGTH),
    }).instructions), [payer, nonce]);
    const raw = NonceAccount.fromAccountData((await connection.getAccountInfo(nonce.publicKey))!.data);
    const parsed = parsedOf((await connection.getParsedAccountInfo(nonce.publicKey)).value);
    expect(parsed).toEqual({
      program: 'nonce', space: NONCE_ACCOUNT_LENGTH,
      parsed: {
        type: 'initialized',
        info: { authority: payer.publicKey.toBase58(), blockhash: raw.nonce, feeCalculator: { lamportsPerSignature: String(raw.feeCalculator.lamportsPerSignature) } },
      },
    });
    const kit = await rpc.getMultipleAccounts([address(nonce.publicKey.toBase58())], { encoding: 'jsonParsed' }).send();
    expect(kit.value[0]?.data).toMatchObject({ program: 'nonce', parsed: { type: 'initialized', info: { blockhash: raw.nonce } } });

    // accountSubscribe renders with the same encoder: a deposit into the nonce account notifies it parsed.
    // (kit's subscriptions: web3.js 1.x expects bytes in every account notification. Advancing the
    // nonce is refused here: LiteSVM's own blockhash, the one nonces take, never moves.)
    const abort = new AbortController();

    const notifications = await subscriptions.accountNotifications(address(nonce.publicKey.toBase58()), { encoding: 'jsonParsed', commitment: 'confirmed' })
      .subscribe({ abortSignal: abort.signal });
    // kit delivers only to an iterator already waiting: start waiting before the deposit.
    const first = notifications[Symbol.asyncIterator]().next();
    await sendAndConfirmTransaction(connection, new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: nonce.publicKey, lamports: 1_000_000 }),
    ), [payer]);
    const notified = await first;
    abort.abort();
    expect(notified.value?.value.lamports).toBe(BigInt(await connection.getBalance(nonce.publicKey)));
    expect(notified.value?.value.data).toMatchObject({ program: 'nonce', space: 80n, parsed: { type: 'initialized', info: { blockhash: raw.nonce } } });
  });

  it('renders an address lookup table the program created and extended', async () => {
    // The lookup-table program takes a recent slot from the SlotHashes sysvar: use one it lists.
    const slotHashes = parsedOf((await connection.getParsedAccountInfo(SYSVAR_SLOT_HASHES_PUBKEY)).value).parsed.info as unknown as { slot: number }[];
    const [create, table] = AddressLookupTableProgram.createLookupTable({ authority: payer.publicKey, payer: payer.publicKey, recentSlot: slotHashes[0].slot });
    const listed = [Keypair.generate().publicKey, Keypair.generate().publicKey];
    await sendAndConfirmTransaction(connection, new Transaction().add(
      create,
      AddressLookupTableProgram.extendLookupTable({ lookupTable: table, authority: payer.publicKey, payer: payer.publicKey, addresses: listed }),
    ), [payer]);
    const parsed = parsedOf((await connection.getParsedAccountInfo(table)).value);
    expect(parsed.program).toBe('address-lookup-table');
    expect(parsed.parsed.type).toBe('lookupTable');
    expect(Object.keys(parsed.parsed.info)).toEqual(['deactivationSlot', 'lastExtendedSlot', 'lastExtendedSlotStartIndex', 'authority', 'addresses']);
    expect(parsed.parsed.info).toMatchObject({
      deactivationSlot: U64_MAX, lastExtendedSlot: expect.stringMatching(/^\d+$/), lastExtendedSlotStartIndex: 0,
      authority: payer.publicKey.toBase58(), addresses: listed.map((k) => k.toBase58()),
    });
    const decoded = (await connection.getAddressLookupTable(table)).value!;
    expect(parsed.parsed.info.lastExtendedSlot).toBe(String(decoded.state.lastExtendedSlot));
    const kit = await rpc.getAccountInfo(address(table.toBase58()), { encoding: 'jsonParsed' }).send();
    expect(kit.value?.data).toMatchObject({ program: 'address-lookup-table', parsed: { info: { deactivationSlot: U64_MAX } } });
  });

  it('renders the upgradeable loader\'s program and programdata accounts of a loaded program', async () => {
    const program = parsedOf((await connection.getParsedAccountInfo(TOKEN_PROGRAM_ID)).value);
    expect(program).toEqual({ program: 'bpf-upgradeable-loader', space: 36, parsed: { type: 'program', info: { programData: expect.any(String) } } });
    const programData = new PublicKey(program.parsed.info.programData as string);
    const raw = (await connection.getAccountInfo(programData))!.data;
    const parsed = parsedOf((await connection.getParsedAccountInfo(programData)).value);
    expect(parsed.program).toBe('bpf-upgradeable-loader');
    expect(parsed.parsed.type).toBe('programData');
    expect(Object.keys(parsed.parsed.info)).toEqual(['slot', 'authority', 'data']);
    const { slot, authority, data } = parsed.parsed.info as { slot: number; authority: string | null; data: [string, string] };
    expect(slot).toBe(Number(raw.readBigUInt64LE(4)));
    // The ELF follows the header (45 bytes with an upgrade authority, 13 without, as agave counts it).
    expect(data[1]).toBe('base64');
    expect(Buffer.from(data[0], 'base64').equals(raw.subarray(authority === null ? 13 : 45))).toBe(true);
    const kit = await rpc.getAccountInfo(address(TOKEN_PROGRAM_ID.toBase58()), { encoding: 'jsonParsed' }).send();
    expect(kit.value?.data).toMatchObject({ program: 'bpf-upgradeable-loader', parsed: { type: 'program', info: { programData: programData.toBase58() } } });
  });

  it('renders stake accounts (initialized, delegated) and vote accounts, also through getProgramAccounts', async () => {
    const vote = Keypair.generate(); const node = Keypair.generate();
    await sendAndConfirmTransaction(connection, new Transaction().add(VoteProgram.createAccount({
      fromPubkey: payer.publicKey, votePubkey: vote.publicKey, voteInit: new VoteInit(node.publicKey, payer.publicKey, payer.publicKey, 7),
      lamports: await connection.getMinimumBalanceForRentExemption(VoteProgram.space),
    })), [payer, vote, node]);
    const voteParsed = parsedOf((await connection.getParsedAccountInfo(vote.publicKey)).value);
    expect(voteParsed).toEqual({
      program: 'vote', space: VoteProgram.space,
      parsed: {
        type: 'vote',
        info: {
          nodePubkey: node.publicKey.toBase58(), authorizedWithdrawer: payer.publicKey.toBase58(), commission: 7, votes: [], rootSlot: null,
          authorizedVoters: [{ epoch: 0, authorizedVoter: payer.publicKey.toBase58() }], priorVoters: [], epochCredits: [],
          lastTimestamp: { slot: 0, timestamp: 0 },
        },
      },
    });

    const stake = Keypair.generate(); const custodian = Keypair.generate().publicKey;
    const rentExempt = await connection.getMinimumBalanceForRentExemption(StakeProgram.space);
    await sendAndConfirmTransaction(connection, new Transaction().add(StakeProgram.createAccount({
      fromPubkey: payer.publicKey, stakePubkey: stake.publicKey, authorized: new Authorized(payer.publicKey, payer.publicKey),
      lockup: new Lockup(0, 0, custodian), lamports: rentExempt + 2 * LAMPORTS_PER_SOL,
    })), [payer, stake]);
    const meta = {
      rentExemptReserve: String(rentExempt),
      authorized: { staker: payer.publicKey.toBase58(), withdrawer: payer.publicKey.toBase58() },
      lockup: { unixTimestamp: 0, epoch: 0, custodian: custodian.toBase58() },
    };
    expect(parsedOf((await connection.getParsedAccountInfo(stake.publicKey)).value))
      .toEqual({ program: 'stake', space: StakeProgram.space, parsed: { type: 'initialized', info: { meta, stake: null } } });

    await sendAndConfirmTransaction(connection, new Transaction().add(
      StakeProgram.delegate({ stakePubkey: stake.publicKey, authorizedPubkey: payer.publicKey, votePubkey: vote.publicKey }),
    ), [payer]);
    const delegated = parsedOf((await connection.getParsedAccountInfo(stake.publicKey)).value);
    expect(delegated.parsed).toEqual({
      type: 'delegated',
      info: {
        meta,
        stake: {
          delegation: { voter: vote.publicKey.toBase58(), stake: String(2 * LAMPORTS_PER_SOL), activationEpoch: '0', deactivationEpoch: U64_MAX, warmupCooldownRate: 0.25 },
          creditsObserved: 0,
        },
      },
    });

    const kitStakes = await rpc.getProgramAccounts(address(StakeProgram.programId.toBase58()), {
      encoding: 'jsonParsed', filters: [{ dataSize: BigInt(StakeProgram.space) }],
    }).send();
    expect(kitStakes.map((a) => a.pubkey)).toEqual([stake.publicKey.toBase58()]);
    expect(kitStakes[0].account.data).toMatchObject({ program: 'stake', parsed: { type: 'delegated', info: { stake: { creditsObserved: 0n } } } });
    const web3Votes = await connection.getParsedProgramAccounts(VoteProgram.programId, { filters: [{ dataSize: VoteProgram.space }] });
    expect(web3Votes.map((a) => (a.account.data as ParsedAccountData).program)).toEqual(['vote']);
  });

  it('renders the stake config and validator-info accounts of the Config program; other config accounts stay base64', async () => {
    const stakeConfig = { program: 'config', space: 10, parsed: { type: 'stakeConfig', info: { warmupCooldownRate: 0.25, slashPenalty: 12 } } };
    expect(parsedOf((await connection.getParsedAccountInfo(STAKE_CONFIG)).value)).toEqual(stakeConfig);
    const kitStakeConfig = await rpc.getAccountInfo(address(STAKE_CONFIG.toBase58()), { encoding: 'jsonParsed' }).send();
    // kit knows these fields' paths and keeps them numbers (its jsonParsed config-account types).
    expect(kitStakeConfig.value?.data).toEqual({ ...stakeConfig, space: 10n });

    // No program here can write a Config account's data: put them on the ledger as a test
    // validator's --account does.
    const svm = (t.services.chain.ledger as unknown as { svm: LiteSvm }).svm;
    const put = (key: PublicKey, data: Buffer) => writeAccount(svm, {
      address: key.toBase58(), lamports: 1_000_000n, owner: CONFIG_PROGRAM.toBase58(), executable: false, rentEpoch: 0n, data, updatedSlot: 0n,
    });
    const info = Keypair.generate(); const identity = Keypair.generate().publicKey;
    const configData = { name: 'Causemint validator', website: 'https://causemint.test', details: 'One node, every slot' };
    const infoData = configAccountData([[VALIDATOR_INFO, false], [identity, true]], JSON.stringify(configData));
    put(info.publicKey, infoData);
    // web3.js reads the same bytes as a validator's info.
    expect(ValidatorInfo.fromConfigData(infoData)).toEqual(new ValidatorInfo(identity, configData));
    const validatorInfo = {
      program: 'config', space: infoData.length,
      parsed: {
        type: 'validatorInfo',
        info: { keys: [{ pubkey: VALIDATOR_INFO.toBase58(), signer: false }, { pubkey: identity.toBase58(), signer: true }], configData },
      },
    };
    expect(parsedOf((await connection.getParsedAccountInfo(info.publicKey)).value)).toEqual(validatorInfo);

    // Config data that is not JSON does not parse: base64, as a real node falls back to.
    const broken = Keypair.generate().publicKey;
    const brokenData = configAccountData([[VALIDATOR_INFO, false], [identity, true]], '{"name": "unterminated');
    put(broken, brokenData);
    // A config account a transaction created: zeroed data, no keys, so neither kind.
    const blank = Keypair.generate(); const space = 64;
    await sendAndConfirmTransaction(connection, new Transaction().add(SystemProgram.createAccount({
      fromPubkey: payer.publicKey, newAccountPubkey: blank.publicKey, space, programId: CONFIG_PROGRAM,
      lamports: await connection.getMinimumBalanceForRentExemption(space),
    })), [payer, blank]);

    const web3 = (await connection.getMultipleParsedAccounts([info.publicKey, broken, blank.publicKey])).value;
    expect(parsedOf(web3[0])).toEqual(validatorInfo);
    expect(web3[1]?.data).toEqual(brokenData);
    expect(web3[2]?.data).toEqual(Buffer.alloc(space));
    const kit = (await rpc.getMultipleAccounts([info.publicKey, broken, blank.publicKey].map((k) => address(k.toBase58())), { encoding: 'jsonParsed' }).send()).value;
    expect(kit[0]?.data).toEqual({ ...validatorInfo, space: BigInt(infoData.length) });
    expect(kit[1]?.data).toEqual([brokenData.toString('base64'), 'base64']);
    expect(kit[2]?.data).toEqual([Buffer.alloc(space).toString('base64'), 'base64']);
    expect(kit.map((a) => a?.owner)).toEqual(Array(3).fill(CONFIG_PROGRAM.toBase58()));
  });
});
