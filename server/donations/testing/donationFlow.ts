// Real chain moves for the donation tests and bench: launch a campaign through the launch
// flow, and send SOL transfers (plain, with a Solana Pay reference, or failing) on the ledger.

import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { FastifyInstance } from 'fastify';
import { signTransaction } from '../../chain/token';
import { demoWallet, ensureSol } from '../../demo/market';
import { launchDbcCampaign } from '../../curve/testing/dbcCampaign';
import type { Services } from '../../services';
import { signInWallet, signMessage } from '../../testing/wallet';

export async function launchCampaign(
  services: Services, name: string, donationWallet: string, initialBuy = 0n,
): Promise<{ campaignId: number; mint: string; distributorWallet: string }> {
  const creator = await demoWallet(services, `creator-${name}`);
  // The product's launch: the campaign's own DBC pool, the creator's one signed transaction.
  const launched = await launchDbcCampaign(services, {
    creator, donationWallet, initialBuyLamports: initialBuy,
    form: { name, ticker: name.slice(0, 6).toUpperCase(), description: `${name} test campaign`, imageUrl: '/ipfs/bafkreia5qq7jzb4xq3yqz4rfsyvbdrgdn7xdsm6p3q4nyr4k2kmcyz6dqe' },
  });
  return { campaignId: launched.campaignId, mint: launched.mint, distributorWallet: launched.distributionWallet };
}

/** A funded wallet of its own (a donor). */
export async function donor(services: Services, name: string): Promise<Keypair> {
  const wallet = await demoWallet(services, `donor-${name}`);
  await ensureSol(services, wallet.publicKey, 5_000_000_000n);
  return wallet;
}

/**
 * A SOL transfer as a wallet builds it from a Solana Pay transfer request: the references
 * ride on the transfer instruction as read-only non-signer keys. `fail` sends it past
 * preflight so it lands with an error (as a real cluster records one).
 */
export async function sendSol(
  services: Services, from: Keypair, to: string, lamports: bigint, { references = [], fail = false }: { references?: string[]; fail?: boolean } = {},
): Promise<{ signature: string; err: unknown }> {
  const ledger = services.chain.ledger!;
  const transfer = SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(to), lamports });
  for (const reference of references) transfer.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash }).add(transfer);
  const outcome = await ledger.send(signTransaction(tx, [from]), { preflight: !fail });
  if (outcome.kind !== 'landed') throw new Error(`transfer not landed: ${outcome.kind}`);
  return { signature: outcome.record.signature, err: outcome.record.err };
}

/** The creator of `launchCampaign(services, name, ...)`. */
export function creatorOf(services: Services, name: string): Promise<Keypair> {
  return demoWallet(services, `creator-${name}`);
}

/**
 * Through the HTTP API: the campaign's creator asks for a confirmation request and the
 * donation wallet signs it, so plain transfers to that wallet count for the creator's campaigns.
 */
export async function proveControl(app: FastifyInstance, services: Services, campaignName: string, wallet: Keypair): Promise<void> {
  const creator = await signInWallet(app, await creatorOf(services, campaignName));
  const asked = await app.inject({ method: 'POST', url: '/api/donation-wallets/challenge', headers: { cookie: creator.cookie }, payload: { wallet: wallet.publicKey.toBase58() } });
  if (asked.statusCode !== 200) throw new Error(`challenge: ${asked.statusCode} ${asked.body}`);
  const { nonce, message } = asked.json<{ nonce: string; message: string }>();
  const proved = await app.inject({ method: 'POST', url: '/api/donation-wallets/proof', payload: { nonce, signature: signMessage(wallet, message) } });
  if (proved.statusCode !== 200) throw new Error(`proof: ${proved.statusCode} ${proved.body}`);
}

/**
 * Several SOL transfers in one transaction, signed by every sender (the first pays the fee),
 * the references on the first transfer as a Solana Pay wallet puts them.
 */
export async function sendTransfers(
  services: Services, transfers: { from: Keypair; to: string; lamports: bigint }[], { references = [] }: { references?: string[] } = {},
): Promise<string> {
  const ledger = services.chain.ledger!;
  const instructions = transfers.map((t) => SystemProgram.transfer({ fromPubkey: t.from.publicKey, toPubkey: new PublicKey(t.to), lamports: t.lamports }));
  for (const reference of references) instructions[0]!.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  const signers = [...new Map(transfers.map((t) => [t.from.publicKey.toBase58(), t.from])).values()];
  const tx = new Transaction({ feePayer: signers[0]!.publicKey, recentBlockhash: ledger.latestBlockhash.blockhash }).add(...instructions);
  const outcome = await ledger.send(signTransaction(tx, signers), { preflight: true });
  if (outcome.kind !== 'landed' || outcome.record.err) throw new Error(`transfers not landed: ${outcome.kind}`);
  return outcome.record.signature;
}

/** `count` transactions from `from` to `to` (a lamport more each, so none repeats): a wallet made busy. */
export async function makeBusy(services: Services, from: Keypair, to: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await sendSol(services, from, to, 1_000_000n + BigInt(i));
}
