import { ed25519 } from '@noble/curves/ed25519';
import { isWalletAdapterCompatibleStandardWallet } from '@solana/wallet-adapter-base';
import {
  Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction,
} from '@solana/web3.js';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { LOCAL_WALLET_KEY_STORAGE } from './keyStore';
import { LocalWallet } from './LocalWallet';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

function newWallet(storage = memoryStorage(), sent: Uint8Array[] = []) {
  const wallet = new LocalWallet({
    storage,
    sendRawTransaction: async (signed) => {
      sent.push(signed);
      return bs58.encode(VersionedTransaction.deserialize(signed).signatures[0]);
    },
  });
  return { wallet, storage, sent };
}

const blockhash = bs58.encode(new Uint8Array(32).fill(7));

function transfer(from: PublicKey, to: PublicKey) {
  return SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 1_000 });
}

describe('Local wallet', () => {
  it('is a Wallet Standard wallet that wallet-adapter lists', () => {
    const { wallet } = newWallet();
    expect(isWalletAdapterCompatibleStandardWallet(wallet)).toBe(true);
    expect(wallet.name).toBe('Local wallet');
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(wallet.chains).toContain('solana:localnet');
  });

  it('creates its key on first connect and keeps it across instances (reloads)', async () => {
    const { wallet, storage } = newWallet();
    expect(wallet.accounts).toHaveLength(0);
    const changes: number[] = [];
    wallet.features['standard:events'].on('change', ({ accounts }) => changes.push(accounts?.length ?? -1));
    const { accounts } = await wallet.features['standard:connect'].connect();
    expect(accounts).toHaveLength(1);
    expect(storage.map.get(LOCAL_WALLET_KEY_STORAGE)).toBeTruthy();

    const again = newWallet(storage).wallet;
    const reloaded = await again.features['standard:connect'].connect({ silent: true });
    expect(reloaded.accounts[0].address).toBe(accounts[0].address);

    await wallet.features['standard:disconnect'].disconnect();
    expect(wallet.accounts).toHaveLength(0);
    expect(changes).toEqual([1, 0]);
    const reconnected = await wallet.features['standard:connect'].connect();
    expect(reconnected.accounts[0].address).toBe(accounts[0].address);
  });

  it('signs messages with the account key', async () => {
    const { wallet } = newWallet();
    const [account] = (await wallet.features['standard:connect'].connect()).accounts;
    const message = new TextEncoder().encode('Sign in to Causemint: nonce 42');
    const [out] = await wallet.features['solana:signMessage'].signMessage({ account, message });
    expect(out.signedMessage).toEqual(message);
    expect(ed25519.verify(out.signature, message, new PublicKey(account.address).toBytes())).toBe(true);
    expect(ed25519.verify(out.signature, new TextEncoder().encode('other'), new PublicKey(account.address).toBytes())).toBe(false);
  });

  it('signs a legacy transaction, keeping the other signer\'s signature', async () => {
    const { wallet } = newWallet();
    const [account] = (await wallet.features['standard:connect'].connect()).accounts;
    const me = new PublicKey(account.address);
    const pool = Keypair.generate();
    const tx = new Transaction({ feePayer: me, recentBlockhash: blockhash })
      .add(transfer(me, pool.publicKey), transfer(pool.publicKey, me));
    tx.partialSign(pool);
    const bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false });

    const [{ signedTransaction }] = await wallet.features['solana:signTransaction'].signTransaction({ account, transaction: bytes });
    const signed = Transaction.from(signedTransaction);
    expect(signed.verifySignatures()).toBe(true);
    expect(signed.signatures.map((s) => s.publicKey.toBase58()).sort()).toEqual([me.toBase58(), pool.publicKey.toBase58()].sort());
  });

  it('signs a versioned transaction', async () => {
    const { wallet } = newWallet();
    const [account] = (await wallet.features['standard:connect'].connect()).accounts;
    const me = new PublicKey(account.address);
    const message = new TransactionMessage({ payerKey: me, recentBlockhash: blockhash, instructions: [transfer(me, Keypair.generate().publicKey)] })
      .compileToV0Message();
    const [{ signedTransaction }] = await wallet.features['solana:signTransaction']
      .signTransaction({ account, transaction: new VersionedTransaction(message).serialize() });
    const signed = VersionedTransaction.deserialize(signedTransaction);
    expect(signed.version).toBe(0);
    expect(ed25519.verify(signed.signatures[0], signed.message.serialize(), me.toBytes())).toBe(true);
  });

  it('sign-and-send signs, hands the bytes to the site\'s RPC and returns the signature', async () => {
    const { wallet, sent } = newWallet();
    const [account] = (await wallet.features['standard:connect'].connect()).accounts;
    const me = new PublicKey(account.address);
    const tx = new Transaction({ feePayer: me, recentBlockhash: blockhash }).add(transfer(me, Keypair.generate().publicKey));
    const [out] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account, chain: 'solana:localnet', transaction: tx.serialize({ requireAllSignatures: false, verifySignatures: false }),
    });
    expect(sent).toHaveLength(1);
    const submitted = Transaction.from(sent[0]);
    expect(submitted.verifySignatures()).toBe(true);
    expect(bs58.encode(out.signature)).toBe(bs58.encode(submitted.signature!));
  });

  it('refuses to sign for another account or a transaction it is not a signer of', async () => {
    const { wallet } = newWallet();
    const [account] = (await wallet.features['standard:connect'].connect()).accounts;
    const stranger = Keypair.generate().publicKey;
    const tx = new Transaction({ feePayer: stranger, recentBlockhash: blockhash }).add(transfer(stranger, Keypair.generate().publicKey));
    const transaction = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
    await expect(wallet.features['solana:signTransaction'].signTransaction({ account, transaction })).rejects.toThrow(/does not need/);
    const other = { ...account, address: stranger.toBase58() };
    await expect(wallet.features['solana:signMessage'].signMessage({ account: other, message: new Uint8Array([1]) })).rejects.toThrow(/not connected/);
  });
});
