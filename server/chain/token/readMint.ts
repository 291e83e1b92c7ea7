import { PublicKey, type Commitment, type Connection } from '@solana/web3.js';
import {
  ExtensionType, TOKEN_2022_PROGRAM_ID, getExtensionData, getMetadataPointerState, getTransferFeeConfig, unpackMint,
} from '@solana/spl-token';
import { unpack } from '@solana/spl-token-metadata';

/** A mint account's bytes and owner, from any source (web3.js, LiteSVM, a stored snapshot). */
export type MintAccountData = { data: Uint8Array; owner: PublicKey | string };

export type CampaignMint = {
  address: string;
  decimals: number;
  supply: bigint;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  transferFee: {
    /** The newest configured fee (at creation both configured fees are the same). */
    bps: number;
    maximumFee: bigint;
    /** The epoch from which `bps` applies. */
    epoch: bigint;
    configAuthority: string | null;
    withdrawWithheldAuthority: string | null;
    /** Fees harvested into the mint and not yet withdrawn. */
    withheldInMint: bigint;
  } | null;
  metadataAddress: string | null;
  metadata: { name: string; symbol: string; uri: string; updateAuthority: string | null; additional: [string, string][] } | null;
};

const key = (k: PublicKey | null | undefined) => (!k || k.equals(PublicKey.default) ? null : k.toBase58());

/** Decodes a Token-2022 mint offline. Throws when the account is not a Token-2022 mint. */
export function decodeCampaignMint(address: PublicKey | string, account: MintAccountData): CampaignMint {
  const pubkey = new PublicKey(address);
  const mint = unpackMint(pubkey, {
    data: Buffer.from(account.data), owner: new PublicKey(account.owner), lamports: 0, executable: false,
  }, TOKEN_2022_PROGRAM_ID);
  const fee = getTransferFeeConfig(mint);
  const pointer = getMetadataPointerState(mint);
  const metadataBytes = getExtensionData(ExtensionType.TokenMetadata, mint.tlvData);
  const metadata = metadataBytes ? unpack(metadataBytes) : null;
  return {
    address: pubkey.toBase58(),
    decimals: mint.decimals,
    supply: mint.supply,
    mintAuthority: key(mint.mintAuthority),
    freezeAuthority: key(mint.freezeAuthority),
    transferFee: fee && {
      bps: fee.newerTransferFee.transferFeeBasisPoints,
      maximumFee: fee.newerTransferFee.maximumFee,
      epoch: fee.newerTransferFee.epoch,
      configAuthority: key(fee.transferFeeConfigAuthority),
      withdrawWithheldAuthority: key(fee.withdrawWithheldAuthority),
      withheldInMint: fee.withheldAmount,
    },
    metadataAddress: key(pointer?.metadataAddress),
    metadata: metadata && {
      name: metadata.name,
      symbol: metadata.symbol,
      uri: metadata.uri,
      updateAuthority: key(metadata.updateAuthority),
      additional: metadata.additionalMetadata.map(([k, v]) => [k, v]),
    },
  };
}

/** Fetches and decodes a mint through an RPC connection; null when the account does not exist. */
export async function readCampaignMint(connection: Pick<Connection, 'getAccountInfo'>, address: PublicKey | string, commitment: Commitment = 'confirmed'): Promise<CampaignMint | null> {
  const info = await connection.getAccountInfo(new PublicKey(address), commitment);
  return info ? decodeCampaignMint(address, info) : null;
}
