import type { Account, Mint } from '@solana/spl-token';
import { parseAddressLookupTable } from './addressLookupTable';
import { parseBpfUpgradeableLoader } from './bpfUpgradeableLoader';
import { parseConfig } from './config';
import { parseNonce } from './nonce';
import {
  ADDRESS_LOOKUP_TABLE_PROGRAM, BPF_UPGRADEABLE_LOADER, CONFIG_PROGRAM, STAKE_PROGRAM, SYSTEM_PROGRAM, SYSVAR_OWNER, TOKEN_2022_PROGRAM, VOTE_PROGRAM,
  isTokenProgram,
} from './programs';
import { NotParsable } from './reader';
import { parseStake } from './stake';
import { parseSysvar } from './sysvar';
import { parseVote } from './vote';
import { readTlvEntries, uiExtension, type UiExtension } from './tokenExtensionState';
import { decodeMint, decodeMultisig, decodeTokenAccount } from './tokenState';
import { tokenAmountToUiAmount } from './uiTokenAmount';

/** A jsonParsed account's `data`, as a real node renders it. */
export type ParsedAccountData = { program: string; parsed: unknown; space: number };

/** Decimals of a mint by address, undefined when the mint is unknown. */
export type DecimalsOf = (mint: string) => number | undefined;

const TLV_START = 166;

/** agave's account decoders other than the token programs', by owner and program name. */
const BY_OWNER: Record<string, { program: string; parse: (data: Uint8Array, address?: string) => unknown }> = {
  [SYSVAR_OWNER]: { program: 'sysvar', parse: (data, address) => (address ? parseSysvar(address, data) : null) },
  [SYSTEM_PROGRAM]: { program: 'nonce', parse: parseNonce },
  [ADDRESS_LOOKUP_TABLE_PROGRAM]: { program: 'address-lookup-table', parse: parseAddressLookupTable },
  [BPF_UPGRADEABLE_LOADER]: { program: 'bpf-upgradeable-loader', parse: parseBpfUpgradeableLoader },
  [CONFIG_PROGRAM]: { program: 'config', parse: parseConfig },
  [STAKE_PROGRAM]: { program: 'stake', parse: parseStake },
  [VOTE_PROGRAM]: { program: 'vote', parse: parseVote },
};

/**
 * agave's account-decoder (parse_account_data.rs). SPL Token and Token-2022: mints, token
 * accounts (which need their mint's decimals) and multisigs, with extensions. Sysvars and the
 * stake config (which need the account's address), validator info, nonces, lookup tables,
 * upgradeable-loader, stake and vote accounts. Null where a real node falls back to base64: another owner, bytes that do not
 * decode, or unknown decimals.
 */
export function parseAccountData(owner: string, data: Uint8Array, decimalsOf?: DecimalsOf, address?: string): ParsedAccountData | null {
  if (isTokenProgram(owner)) {
    const parsed = parseTokenState(owner, data, decimalsOf);
    if (!parsed) return null;
    return { program: owner === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token', parsed, space: data.length };
  }
  const decoder = Object.hasOwn(BY_OWNER, owner) ? BY_OWNER[owner] : undefined;
  if (!decoder) return null;
  try {
    const parsed = decoder.parse(data, address);
    return parsed ? { program: decoder.program, parsed, space: data.length } : null;
  } catch (err) {
    if (err instanceof NotParsable) return null;
    throw err;
  }
}

function parseTokenState(owner: string, data: Uint8Array, decimalsOf?: DecimalsOf): unknown {
  const account = decodeTokenAccount(owner, data);
  if (account) {
    const decimals = decimalsOf?.(account.mint.toBase58());
    return decimals === undefined ? null : { type: 'account', info: uiTokenAccount(account, decimals, extensionsOf(data)) };
  }
  const mint = decodeMint(owner, data);
  if (mint) return { type: 'mint', info: uiMint(mint, extensionsOf(data)) };
  const multisig = decodeMultisig(owner, data);
  if (multisig) {
    const signers = [multisig.signer1, multisig.signer2, multisig.signer3, multisig.signer4, multisig.signer5, multisig.signer6,
      multisig.signer7, multisig.signer8, multisig.signer9, multisig.signer10, multisig.signer11];
    return {
      type: 'multisig',
      info: {
        numRequiredSigners: multisig.m,
        numValidSigners: multisig.n,
        isInitialized: multisig.isInitialized,
        signers: signers.filter((s) => !s.toBytes().every((b) => b === 0)).map((s) => s.toBase58()),
      },
    };
  }
  return null;
}

function extensionsOf(data: Uint8Array): UiExtension[] {
  if (data.length <= TLV_START) return [];
  return readTlvEntries(data.subarray(TLV_START)).map((e) => uiExtension(e.type, e.value));
}

// Field order and the omitted-when-absent fields follow UiTokenAccount's serde attributes.
function uiTokenAccount(account: Account, decimals: number, extensions: UiExtension[]): Record<string, unknown> {
  const info: Record<string, unknown> = {
    mint: account.mint.toBase58(),
    owner: account.owner.toBase58(),
    tokenAmount: tokenAmountToUiAmount(account.amount, decimals),
  };
  if (account.delegate) info.delegate = account.delegate.toBase58();
  info.state = account.isFrozen ? 'frozen' : 'initialized';
  info.isNative = account.isNative;
  if (account.rentExemptReserve !== null) info.rentExemptReserve = tokenAmountToUiAmount(account.rentExemptReserve, decimals);
  if (account.delegate) info.delegatedAmount = tokenAmountToUiAmount(account.delegatedAmount, decimals);
  if (account.closeAuthority) info.closeAuthority = account.closeAuthority.toBase58();
  if (extensions.length > 0) info.extensions = extensions;
  return info;
}

function uiMint(mint: Mint, extensions: UiExtension[]): Record<string, unknown> {
  const info: Record<string, unknown> = {
    mintAuthority: mint.mintAuthority?.toBase58() ?? null,
    supply: mint.supply.toString(),
    decimals: mint.decimals,
    isInitialized: mint.isInitialized,
    freezeAuthority: mint.freezeAuthority?.toBase58() ?? null,
  };
  if (extensions.length > 0) info.extensions = extensions;
  return info;
}
