import {
  Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction,
} from '@solana/web3.js';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedBaseUrl } from './baseUrl';
import { LocalWallet } from '../app/solana/localWallet/LocalWallet';
import { signSendAndConfirm, type TransactionSigner } from '../app/solana/sendTransaction';
import { TX_ERROR, txErrorMessage } from '../app/solana/txErrors';

// The browser's signing and sending code, run against the real server's /api/rpc and ledger.
const baseUrl = sharedBaseUrl();
const connection = new Connection(`${baseUrl}/api/rpc`, 'confirmed');

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

async function connectedWallet() {
  const wallet = new LocalWallet({
    storage: memoryStorage(),
    sendRawTransaction: (signed, options) => connection.sendRawTransaction(signed, { ...options, preflightCommitment: 'confirmed' }),
  });
  const [account] = (await wallet.features['standard:connect'].connect()).accounts;
  const publicKey = new PublicKey(account.address);
  // What wallet-adapter's StandardWalletAdapter.signTransaction does with the feature.
  const signer: TransactionSigner = {
    publicKey,
    signTransaction: async (tx) => {
      const bytes = tx instanceof Transaction ? tx.serialize({ requireAllSignatures: false, verifySignatures: false }) : tx.serialize();
      const [out] = await wallet.features['solana:signTransaction'].signTransaction({ account, transaction: bytes });
      return (tx instanceof Transaction ? Transaction.from(out.signedTransaction) : VersionedTransaction.deserialize(out.signedTransaction)) as typeof tx;
    },
  };
  return { wallet, account, publicKey, signer };
}

async function airdrop(wallet: PublicKey, sol: number) {
  const res = await fetch(`${baseUrl}/api/dev/airdrop`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ wallet: wallet.toBase58(), sol }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

afterAll(() => { (connection as unknown as { _rpcWebSocket?: { close: () => void } })._rpcWebSocket?.close(); });

describe('Local wallet and signSendAndConfirm on the local ledger', () => {
  it('signs with the wallet, sends through /api/rpc, confirms, then waits 2 s', async () => {
    const { publicKey, signer } = await connectedWallet();
    await airdrop(publicKey, 2);
    const recipient = Keypair.generate().publicKey;
    const started = Date.now();
    const signature = await signSendAndConfirm(connection, signer, new Transaction().add(
      SystemProgram.transfer({ fromPubkey: publicKey, toPubkey: recipient, lamports: LAMPORTS_PER_SOL / 2 }),
    ));
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    const status = (await connection.getSignatureStatus(signature)).value;
    expect(status?.err).toBeNull();
    expect(['confirmed', 'finalized']).toContain(status?.confirmationStatus);
    expect(await connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL / 2);
  });

  it('sign-and-send of the Local wallet submits a versioned transaction to the ledger', async () => {
    const { wallet, account, publicKey } = await connectedWallet();
    // The JSON-RPC faucet this time (the /api/dev/airdrop limit is shared by the whole e2e run).
    const funding = await connection.requestAirdrop(publicKey, LAMPORTS_PER_SOL);
    await connection.confirmTransaction({ signature: funding, ...(await connection.getLatestBlockhash()) }, 'confirmed');
    const recipient = Keypair.generate().publicKey;
    const { blockhash } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: publicKey, recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: publicKey, toPubkey: recipient, lamports: 100_000_000 })],
    }).compileToV0Message();
    const [{ signature }] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account, chain: 'solana:localnet', transaction: new VersionedTransaction(message).serialize(),
    });
    const bs58 = (await import('bs58')).default;
    const latest = await connection.getLatestBlockhash();
    const result = await connection.confirmTransaction({ signature: bs58.encode(signature), ...latest }, 'confirmed');
    expect(result.value.err).toBeNull();
    expect(await connection.getBalance(recipient)).toBe(100_000_000);
  });

  it("maps the ledger's error for an empty wallet to 'Insufficient SOL balance for transaction'", async () => {
    const { publicKey, signer } = await connectedWallet();
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }));
    const error = await signSendAndConfirm(connection, signer, tx, { settleMs: 0 }).then(() => null, (e: unknown) => e);
    expect(error).not.toBeNull();
    expect(txErrorMessage(error, 'Failed to create campaign')).toBe(TX_ERROR.insufficientSol);
  });
});
