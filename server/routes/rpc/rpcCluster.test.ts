import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Authorized, Connection, Keypair, LAMPORTS_PER_SOL, Lockup, PublicKey, StakeProgram, SystemProgram, Transaction, VoteInit, VoteProgram,
  sendAndConfirmTransaction, type ParsedAccountData,
} from '@solana/web3.js';
import {
  TOKEN_PROGRAM_ID, createApproveInstruction, createAssociatedTokenAccountIdempotentInstruction, createInitializeMintInstruction,
  createMintToInstruction, getAssociatedTokenAddressSync, MINT_SIZE,
} from '@solana/spl-token';
import { address, type Address } from '@solana/kit';
import { airdrop, rpcError, startRpcTestApp, type RpcTestApp } from '../../testing/rpcClients';

// Expected shapes and errors are agave's (rpc/src/rpc.rs, rpc-client-api's response.rs and
// custom_error.rs) for a one-node ledger: this node is the whole cluster and leads every slot.
const SLOTS_PER_EPOCH = 432_000;

describe('local ledger: cluster methods over JSON-RPC, through web3.js and @solana/kit', () => {
  let t: RpcTestApp;
  let connection: Connection;
  let rpc: RpcTestApp['rpc'];
  let identity: string;
  const payer = Keypair.generate();

  beforeAll(async () => {
    // Short sample periods and slots, so performance samples arrive within the test.
    t = await startRpcTestApp({ LEDGER_SAMPLE_PERIOD_MS: '400', LEDGER_SLOT_MS: '100' });
    ({ connection, rpc } = t);
    identity = (await rpc.getIdentity().send()).identity;
    await airdrop(connection, payer.publicKey, 100 * LAMPORTS_PER_SOL);
  });
  afterAll(async () => { await t?.close(); });

  it('lists this node alone in getClusterNodes, with its version, feature set and shred version', async () => {
    const nodes = await connection.getClusterNodes();
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ pubkey: identity, gossip: null, tpu: null, rpc: null, version: (await connection.getVersion())['solana-core'] });
    const [node] = await rpc.getClusterNodes().send();
    expect(Object.keys(node)).toEqual([
      'pubkey', 'gossip', 'tvu', 'tpu', 'tpuQuic', 'tpuForwards', 'tpuForwardsQuic', 'tpuVote', 'serveRepair', 'rpc', 'pubsub',
      'version', 'featureSet', 'shredVersion',
    ]);
    expect(typeof node.shredVersion).toBe('number');
    expect(node.shredVersion).toBeGreaterThan(0);
  });

  it('makes this node the leader of every slot: getSlotLeader, getSlotLeaders, getLeaderSchedule', async () => {
    expect(await connection.getSlotLeader()).toBe(identity);
    expect(await rpc.getSlotLeader().send()).toBe(identity);
    const slot = await connection.getSlot();
    const leaders = await connection.getSlotLeaders(slot, 10);
    expect(leaders.map((k) => k.toBase58())).toEqual(Array(10).fill(identity));
    expect(await rpc.getSlotLeaders(BigInt(slot), 3).send()).toEqual([identity, identity, identity]);

    const schedule = await connection.getLeaderSchedule();
    expect(Object.keys(schedule)).toEqual([identity]);
    expect(schedule[identity]).toHaveLength(SLOTS_PER_EPOCH);
    expect(schedule[identity].slice(0, 3)).toEqual([0, 1, 2]);
    expect(schedule[identity].at(-1)).toBe(SLOTS_PER_EPOCH - 1);
    const mine = await rpc.getLeaderSchedule(null, { identity: address(identity) }).send();
    expect(mine?.[address(identity)]).toHaveLength(SLOTS_PER_EPOCH);
    expect(await rpc.getLeaderSchedule(null, { identity: address(payer.publicKey.toBase58()) }).send()).toEqual({});
    // Known up to the next epoch (leaderScheduleSlotOffset is one epoch), unknown beyond.
    expect(await rpc.getLeaderSchedule(BigInt(SLOTS_PER_EPOCH), { identity: address(payer.publicKey.toBase58()) }).send()).toEqual({});
    expect(await rpc.getLeaderSchedule(BigInt(2 * SLOTS_PER_EPOCH)).send()).toBeNull();

    expect(await rpcError(rpc.getSlotLeaders(0n, 5001).send())).toMatchObject({ code: -32602 });
    expect((await rpcError(rpc.getSlotLeaders(0n, 5001).send())).message).toContain('Invalid limit; max 5000');
    expect((await rpcError(rpc.getSlotLeaders(BigInt(2 * SLOTS_PER_EPOCH), 1).send())).message)
      .toContain('Invalid slot range: leader schedule for epoch 2 is unavailable');
  });

  it('computes getSupply from the ledger\'s accounts: a transaction\'s fee leaves the supply', async () => {
    const before = await rpc.getSupply().send();
    expect(Object.keys(before.value)).toEqual(['total', 'circulating', 'nonCirculating', 'nonCirculatingAccounts']);
    expect(before.value.total).toBe(before.value.circulating);
    expect(before.value).toMatchObject({ nonCirculating: 0n, nonCirculatingAccounts: [] });
    // The faucet holds 500,000,000 SOL; the sysvars and programs LiteSVM holds count too.
    expect(before.value.total).toBeGreaterThan(499_000_000n * 1_000_000_000n);

    const signature = await sendAndConfirmTransaction(connection, new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    ), [payer]);
    const after = await rpc.getSupply({ excludeNonCirculatingAccountsList: true }).send();
    expect(before.value.total - after.value.total).toBe(5000n);

    // At finalized, the root's supply: 32 slots back, the fee has not left it yet; once rooted, it has.
    const { slot } = (await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!;
    const rooted = await rpc.getSupply({ commitment: 'finalized' }).send();
    expect(rooted.context.slot).toBeLessThan(BigInt(slot));
    expect(rooted.value.total - after.value.total).toBeGreaterThanOrEqual(5000n);
    await expect.poll(() => connection.getSlot('finalized'), { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(slot);
    expect((await rpc.getSupply({ commitment: 'finalized' }).send()).value.total).toBe(after.value.total);

    const web3 = await connection.getSupply();
    expect(web3.value.total).toBe(Number(after.value.total));
    expect(web3.value.nonCirculatingAccounts).toEqual([]);
  });

  it('ranks the largest accounts (the faucet first) and keeps the answer, as a validator caches it', async () => {
    const largest = await connection.getLargestAccounts();
    expect(largest.value.length).toBeGreaterThan(1);
    expect(largest.value.length).toBeLessThanOrEqual(20);
    expect(largest.value[0].address.toBase58()).toBe(identity);
    expect(largest.value[0].lamports).toBe(await connection.getBalance(new PublicKey(identity)));
    const amounts = largest.value.map((a) => a.lamports);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(largest.value.map((a) => a.address.toBase58())).toContain(payer.publicKey.toBase58());

    const kit = await rpc.getLargestAccounts({ filter: 'circulating' }).send();
    expect(Object.keys(kit.value[0])).toEqual(['address', 'lamports']);
    expect(typeof kit.value[0].lamports).toBe('bigint');
    expect((await rpc.getLargestAccounts({ filter: 'nonCirculating' }).send()).value).toEqual([]);

    // Cached: a later call answers the same list at the slot it was computed at.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const again = await connection.getLargestAccounts();
    expect(again.context.slot).toBe(largest.context.slot);
    expect(again.value).toEqual(largest.value);
  });

  it('answers inflation as a test validator does (Agave\'s defaults) and the stake program\'s own minimum delegation', async () => {
    expect(await connection.getInflationGovernor()).toEqual({ initial: 0.08, terminal: 0.015, taper: 0.15, foundation: 0.05, foundationTerm: 7 });
    // Epoch 0 starts at year 0: 8%, a twentieth of it the foundation's.
    const rate = await rpc.getInflationRate().send();
    expect(rate.epoch).toBe(0n);
    expect(rate.total).toBeCloseTo(0.08, 12);
    expect(rate.foundation).toBeCloseTo(0.004, 12);
    expect(rate.validator).toBeCloseTo(0.076, 12);
    const minimum = await connection.getStakeMinimumDelegation();
    expect([1, LAMPORTS_PER_SOL]).toContain(minimum.value);
    expect((await rpc.getStakeMinimumDelegation().send()).value).toBe(BigInt(minimum.value));
  });

  it('refuses getHighestSnapshotSlot with the validator\'s No snapshot error', async () => {
    const err = await rpcError(rpc.getHighestSnapshotSlot().send());
    expect(err.code).toBe(-32008);
    expect(err.message).toContain('No snapshot');
  });

  it('lists token accounts by delegate, like by owner (jsonParsed and base64)', async () => {
    const mint = Keypair.generate();
    const delegate = Keypair.generate();
    const ata = getAssociatedTokenAddressSync(mint.publicKey, payer.publicKey);
    await sendAndConfirmTransaction(connection, new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey, newAccountPubkey: mint.publicKey, space: MINT_SIZE,
        lamports: await connection.getMinimumBalanceForRentExemption(MINT_SIZE), programId: TOKEN_PROGRAM_ID,
      }),
      createInitializeMintInstruction(mint.publicKey, 6, payer.publicKey, null),
      createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, ata, payer.publicKey, mint.publicKey),
      createMintToInstruction(mint.publicKey, ata, payer.publicKey, 5_000_000n),
      createApproveInstruction(ata, delegate.publicKey, payer.publicKey, 1_500_000n),
    ), [payer, mint]);

    const parsed = await rpc.getTokenAccountsByDelegate(
      address(delegate.publicKey.toBase58()), { programId: address(TOKEN_PROGRAM_ID.toBase58()) }, { encoding: 'jsonParsed' },
    ).send();
    expect(parsed.value).toHaveLength(1);
    expect(parsed.value[0].pubkey).toBe(ata.toBase58());
    expect(parsed.value[0].account.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'account', info: { delegate: delegate.publicKey.toBase58(), delegatedAmount: { amount: '1500000', decimals: 6 } } },
    });
    const byMint = await rpc.getTokenAccountsByDelegate(
      address(delegate.publicKey.toBase58()), { mint: address(mint.publicKey.toBase58()) }, { encoding: 'base64' },
    ).send();
    expect(byMint.value.map((a) => a.pubkey)).toEqual([ata.toBase58()]);
    expect((await rpc.getTokenAccountsByDelegate(
      address(payer.publicKey.toBase58()), { programId: address(TOKEN_PROGRAM_ID.toBase58()) }, { encoding: 'base64' },
    ).send()).value).toEqual([]);
    // web3.js has no method for it; its owner counterpart reads the same account.
    const owned = await connection.getParsedTokenAccountsByOwner(payer.publicKey, { mint: mint.publicKey });
    expect((owned.value[0].account.data as ParsedAccountData).parsed.info.delegate).toBe(delegate.publicKey.toBase58());
  });

  it('samples performance once a period: slots and transactions that chain period to period', async () => {
    const transactionsBefore = await connection.getTransactionCount();
    for (let i = 0; i < 3; i++) await airdrop(connection, Keypair.generate().publicKey, LAMPORTS_PER_SOL);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const samples = await connection.getRecentPerformanceSamples();
    expect(samples.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i + 1 < samples.length; i++) expect(samples[i].slot - samples[i].numSlots).toBe(samples[i + 1].slot);
    const total = samples.reduce((sum, s) => sum + s.numTransactions, 0);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(total).toBeLessThanOrEqual(await connection.getTransactionCount());
    expect(transactionsBefore).toBeGreaterThan(0);

    const kit = await rpc.getRecentPerformanceSamples(1).send();
    expect(kit).toHaveLength(1);
    expect(Object.keys(kit[0])).toEqual(['slot', 'numTransactions', 'numNonVoteTransactions', 'numSlots', 'samplePeriodSecs']);
    expect(kit[0].numNonVoteTransactions).toBe(kit[0].numTransactions);
    expect((await rpcError(rpc.getRecentPerformanceSamples(721).send())).message).toContain('Invalid limit; max 720');
  });

  it('lists vote accounts people create, with the stake delegated to them once it is active', async () => {
    expect(await connection.getVoteAccounts()).toEqual({ current: [], delinquent: [] });
    const vote = Keypair.generate(); const node = Keypair.generate(); const stake = Keypair.generate();
    await sendAndConfirmTransaction(connection, new Transaction().add(VoteProgram.createAccount({
      fromPubkey: payer.publicKey, votePubkey: vote.publicKey,
      voteInit: new VoteInit(node.publicKey, payer.publicKey, payer.publicKey, 7),
      lamports: await connection.getMinimumBalanceForRentExemption(VoteProgram.space),
    })), [payer, vote, node]);
    const stakeLamports = await connection.getMinimumBalanceForRentExemption(StakeProgram.space) + 2 * LAMPORTS_PER_SOL;
    await sendAndConfirmTransaction(connection, new Transaction().add(
      StakeProgram.createAccount({
        fromPubkey: payer.publicKey, stakePubkey: stake.publicKey, authorized: new Authorized(payer.publicKey, payer.publicKey),
        lockup: new Lockup(0, 0, PublicKey.default), lamports: stakeLamports,
      }),
      StakeProgram.delegate({ stakePubkey: stake.publicKey, authorizedPubkey: payer.publicKey, votePubkey: vote.publicKey }),
    ), [payer, stake]);

    // It never votes, so it is delinquent; unstaked delinquents are left out unless asked for.
    expect(await connection.getVoteAccounts()).toEqual({ current: [], delinquent: [] });
    const all = await rpc.getVoteAccounts({ keepUnstakedDelinquents: true }).send();
    expect(all.current).toEqual([]);
    expect(all.delinquent).toEqual([{
      votePubkey: vote.publicKey.toBase58(), nodePubkey: node.publicKey.toBase58(), activatedStake: 0n, commission: 7,
      epochVoteAccount: false, epochCredits: [], lastVote: 0n, rootSlot: 0n,
    }]);

    // The next epoch the delegation is active (LiteSVM keeps no stake history: no warm-up).
    t.services.chain.ledger!.warp(BigInt(SLOTS_PER_EPOCH + 10));
    const staked = await connection.getVoteAccounts();
    expect(staked.current).toEqual([]);
    expect(staked.delinquent).toHaveLength(1);
    expect(staked.delinquent[0]).toMatchObject({ votePubkey: vote.publicKey.toBase58(), activatedStake: 2 * LAMPORTS_PER_SOL, epochVoteAccount: true });
    expect((await rpc.getVoteAccounts({ votePubkey: address(vote.publicKey.toBase58()) }).send()).delinquent).toHaveLength(1);
    expect((await rpc.getVoteAccounts({ votePubkey: address(payer.publicKey.toBase58()) }).send()).delinquent).toEqual([]);
  });

  it('answers getInflationReward with the block it needs missing before the epoch boundary, and null per address after', async () => {
    // The vote test above warped the ledger into epoch 1; epoch 1's rewards would be paid at slot 864,000.
    const addresses: Address[] = [address(payer.publicKey.toBase58()), address(identity)];
    const missing = await rpcError(rpc.getInflationReward(addresses, { epoch: 1n }).send());
    expect(missing).toMatchObject({ code: -32004 });
    expect(missing.message).toContain(`Block not available for slot ${2 * SLOTS_PER_EPOCH}`);
    // Epoch 0's boundary block exists and paid no one.
    expect(await rpc.getInflationReward(addresses).send()).toEqual([null, null]);
    expect(await connection.getInflationReward([payer.publicKey, new PublicKey(identity)])).toEqual([null, null]);
    expect((await connection.getEpochInfo()).epoch).toBe(1);
    // Epoch 1 starts 432,000 slots (2 days at 0.4 s) into the first year: the rate has tapered a little.
    const later = await rpc.getInflationRate().send();
    expect(later.epoch).toBe(1n);
    expect(later.total).toBeCloseTo(0.08 * 0.85 ** (432_000 / ((365.242_199 * 86_400) / 0.4)), 12);
    expect(later.total).toBeLessThan(0.08);
  });
});
