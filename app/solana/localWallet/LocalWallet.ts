import { ed25519 } from '@noble/curves/ed25519';
import { VersionedTransaction, type Keypair } from '@solana/web3.js';
import {
  SolanaSignAndSendTransaction, SolanaSignMessage, SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature, type SolanaSignAndSendTransactionInput, type SolanaSignAndSendTransactionOutput,
  type SolanaSignMessageFeature, type SolanaSignMessageInput, type SolanaSignMessageOutput,
  type SolanaSignTransactionFeature, type SolanaSignTransactionInput, type SolanaSignTransactionOutput,
} from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect, StandardDisconnect, StandardEvents,
  type StandardConnectFeature, type StandardConnectOutput, type StandardDisconnectFeature,
  type StandardEventsFeature, type StandardEventsListeners, type StandardEventsNames,
} from '@wallet-standard/features';
import { ReadonlyWalletAccount } from '@wallet-standard/wallet';
import { LOCAL_WALLET_ICON } from './icon';
import { loadOrCreateKeypair, type KeyStorage } from './keyStore';
import { LOCAL_WALLET_NAME } from './name';

export { LOCAL_WALLET_NAME };

// wallet-adapter infers a chain from the RPC URL (localhost -> localnet, any other host ->
// mainnet...) and refuses to send when the account does not list it. This wallet only exists
// in local mode and always sends to this site's own ledger, so every name means that ledger.
const CHAINS = ['solana:localnet', 'solana:mainnet', 'solana:devnet', 'solana:testnet'] as const;
const ACCOUNT_FEATURES = [SolanaSignAndSendTransaction, SolanaSignTransaction, SolanaSignMessage] as const;

export type LocalWalletOptions = {
  storage: KeyStorage;
  /** Submits a signed transaction and returns its base58 signature: this site's /api/rpc, never a third-party network. */
  sendRawTransaction: (signed: Uint8Array, options: { skipPreflight?: boolean; maxRetries?: number }) => Promise<string>;
};

type Features = StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature
  & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature & SolanaSignMessageFeature;

/**
 * A Wallet Standard wallet whose ed25519 keypair lives in the browser's storage. Offered
 * only in local mode, so the product can be used (and tested) with no browser extension.
 */
export class LocalWallet implements Wallet {
  readonly version = '1.0.0' as const;
  readonly name = LOCAL_WALLET_NAME;
  readonly icon = LOCAL_WALLET_ICON;
  readonly chains = CHAINS;
  // Only 'change' exists in the standard today.
  #changeListeners: StandardEventsListeners['change'][] = [];
  readonly #options: LocalWalletOptions;
  #keypair: Keypair | null = null;
  #account: WalletAccount | null = null;

  readonly features: Features;

  constructor(options: LocalWalletOptions) {
    this.#options = options;
    this.features = {
      [StandardConnect]: { version: '1.0.0', connect: this.#connect },
      [StandardDisconnect]: { version: '1.0.0', disconnect: this.#disconnect },
      [StandardEvents]: { version: '1.0.0', on: this.#on },
      [SolanaSignTransaction]: { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction: this.#signTransaction },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signAndSendTransaction: this.#signAndSendTransaction,
      },
      [SolanaSignMessage]: { version: '1.0.0', signMessage: this.#signMessage },
    };
  }

  get accounts(): readonly WalletAccount[] {
    return this.#account ? [this.#account] : [];
  }

  #connect = async (): Promise<StandardConnectOutput> => {
    if (!this.#account) {
      const keypair = loadOrCreateKeypair(this.#options.storage);
      this.#keypair = keypair;
      this.#account = new ReadonlyWalletAccount({
        address: keypair.publicKey.toBase58(),
        publicKey: keypair.publicKey.toBytes(),
        chains: CHAINS,
        features: ACCOUNT_FEATURES,
        label: LOCAL_WALLET_NAME,
      });
      this.#emitChange();
    }
    return { accounts: this.accounts };
  };

  // The key stays stored: connecting again (or after a reload) gives the same address.
  #disconnect = async (): Promise<void> => {
    if (!this.#account) return;
    this.#account = null;
    this.#keypair = null;
    this.#emitChange();
  };

  #on = <E extends StandardEventsNames>(event: E, listener: StandardEventsListeners[E]): (() => void) => {
    if (event !== 'change') return () => {};
    this.#changeListeners.push(listener);
    return () => {
      this.#changeListeners = this.#changeListeners.filter((l) => l !== listener);
    };
  };

  #emitChange(): void {
    for (const listener of this.#changeListeners) listener({ accounts: this.accounts });
  }

  #signer(account: WalletAccount): Keypair {
    if (!this.#keypair || !this.#account || account.address !== this.#account.address) {
      throw new Error('Local wallet is not connected');
    }
    return this.#keypair;
  }

  // VersionedTransaction reads and writes legacy messages too, keeping other signers' signatures.
  #sign(input: SolanaSignTransactionInput): Uint8Array {
    const signer = this.#signer(input.account);
    const transaction = VersionedTransaction.deserialize(input.transaction);
    const signerIndex = transaction.message.staticAccountKeys
      .slice(0, transaction.message.header.numRequiredSignatures)
      .findIndex((key) => key.equals(signer.publicKey));
    if (signerIndex < 0) throw new Error('The transaction does not need this wallet\'s signature');
    transaction.sign([signer]);
    return transaction.serialize();
  }

  #signTransaction = async (...inputs: readonly SolanaSignTransactionInput[]): Promise<readonly SolanaSignTransactionOutput[]> =>
    inputs.map((input) => ({ signedTransaction: this.#sign(input) }));

  #signAndSendTransaction = async (
    ...inputs: readonly SolanaSignAndSendTransactionInput[]
  ): Promise<readonly SolanaSignAndSendTransactionOutput[]> => {
    const outputs: SolanaSignAndSendTransactionOutput[] = [];
    for (const input of inputs) {
      const signed = this.#sign(input);
      await this.#options.sendRawTransaction(signed, { skipPreflight: input.options?.skipPreflight, maxRetries: input.options?.maxRetries });
      // The first signature of a transaction is its id.
      outputs.push({ signature: VersionedTransaction.deserialize(signed).signatures[0] });
    }
    return outputs;
  };

  #signMessage = async (...inputs: readonly SolanaSignMessageInput[]): Promise<readonly SolanaSignMessageOutput[]> =>
    inputs.map((input) => {
      const signer = this.#signer(input.account);
      const signature = ed25519.sign(input.message, signer.secretKey.slice(0, 32));
      return { signedMessage: input.message, signature, signatureType: 'ed25519' as const };
    });
}
