import { ByteReader, NotParsable, u64Number } from './reader';
import { needAccounts, withSigners } from './signers';
import type { ParsedInstructionBody } from './system';
import { tokenAmountToUiAmount } from './uiTokenAmount';

/** agave parse_token/extension/transfer_fee.rs (`data` is after the TransferFeeExtension tag). */
export function parseTransferFeeInstruction(accounts: string[], data: Uint8Array): ParsedInstructionBody {
  const r = new ByteReader(data);
  const a = accounts;
  switch (r.u8()) {
    case 0: {
      const configAuthority = r.coptionPubkey(); const withdrawAuthority = r.coptionPubkey();
      const transferFeeBasisPoints = r.u16(); const maximumFee = u64Number(r.u64());
      needAccounts(a, 1);
      const info: Record<string, unknown> = { mint: a[0], transferFeeBasisPoints, maximumFee };
      if (configAuthority) info.transferFeeConfigAuthority = configAuthority;
      if (withdrawAuthority) info.withdrawWithheldAuthority = withdrawAuthority;
      return { type: 'initializeTransferFeeConfig', info };
    }
    case 1: {
      const amount = r.u64(); const decimals = r.u8(); const fee = r.u64();
      needAccounts(a, 4);
      return {
        type: 'transferCheckedWithFee',
        info: withSigners({
          source: a[0], mint: a[1], destination: a[2],
          tokenAmount: tokenAmountToUiAmount(amount, decimals),
          feeAmount: tokenAmountToUiAmount(fee, decimals),
        }, 3, a, 'authority', 'multisigAuthority'),
      };
    }
    case 2:
      needAccounts(a, 3);
      return {
        type: 'withdrawWithheldTokensFromMint',
        info: withSigners({ mint: a[0], feeRecipient: a[1] }, 2, a, 'withdrawWithheldAuthority', 'multisigWithdrawWithheldAuthority'),
      };
    case 3: {
      const numTokenAccounts = r.u8();
      needAccounts(a, 3 + numTokenAccounts);
      const firstSource = a.length - numTokenAccounts;
      const info: Record<string, unknown> = { mint: a[0], feeRecipient: a[1], sourceAccounts: a.slice(firstSource) };
      withSigners(info, 2, a.slice(0, firstSource), 'withdrawWithheldAuthority', 'multisigWithdrawWithheldAuthority');
      return { type: 'withdrawWithheldTokensFromAccounts', info };
    }
    case 4:
      needAccounts(a, 1);
      return { type: 'harvestWithheldTokensToMint', info: { mint: a[0], sourceAccounts: a.slice(1) } };
    case 5: {
      const transferFeeBasisPoints = r.u16(); const maximumFee = u64Number(r.u64());
      needAccounts(a, 2);
      return {
        type: 'setTransferFee',
        // The lowercase 't' in the multisig field name is the real node's spelling.
        info: withSigners({ mint: a[0], transferFeeBasisPoints, maximumFee }, 1, a, 'transferFeeConfigAuthority', 'multisigtransferFeeConfigAuthority'),
      };
    }
    default:
      throw new NotParsable('unknown transfer fee instruction');
  }
}

/** agave parse_token/extension/metadata_pointer.rs (pod data: exact length). */
export function parseMetadataPointerInstruction(accounts: string[], data: Uint8Array): ParsedInstructionBody {
  const r = new ByteReader(data);
  const a = accounts;
  switch (r.u8()) {
    case 0: {
      const authority = r.optionalNonZeroPubkey(); const metadataAddress = r.optionalNonZeroPubkey();
      r.end();
      needAccounts(a, 1);
      const info: Record<string, unknown> = { mint: a[0] };
      if (authority) info.authority = authority;
      if (metadataAddress) info.metadataAddress = metadataAddress;
      return { type: 'initializeMetadataPointer', info };
    }
    case 1: {
      const metadataAddress = r.optionalNonZeroPubkey();
      r.end();
      needAccounts(a, 2);
      const info: Record<string, unknown> = { mint: a[0] };
      if (metadataAddress) info.metadataAddress = metadataAddress;
      return { type: 'updateMetadataPointer', info: withSigners(info, 1, a, 'authority', 'multisigAuthority') };
    }
    default:
      throw new NotParsable('unknown metadata pointer instruction');
  }
}

// First 8 bytes of sha256('spl_token_metadata_interface:<name>'), as the interface defines them.
const METADATA_DISCRIMINATORS = {
  initialize: [210, 225, 30, 162, 88, 184, 77, 141],
  updateField: [221, 233, 49, 45, 181, 202, 220, 200],
  removeKey: [234, 18, 32, 56, 89, 141, 37, 181],
  updateAuthority: [215, 228, 166, 228, 84, 100, 86, 123],
  emit: [250, 166, 180, 250, 13, 12, 184, 70],
} as const;

function discriminatorOf(data: Uint8Array): keyof typeof METADATA_DISCRIMINATORS | null {
  if (data.length < 8) return null;
  for (const [name, bytes] of Object.entries(METADATA_DISCRIMINATORS)) {
    if (bytes.every((b, i) => data[i] === b)) return name as keyof typeof METADATA_DISCRIMINATORS;
  }
  return null;
}

const FIXED_FIELDS = ['name', 'symbol', 'uri'];

/** agave parse_token/extension/token_metadata.rs: the token-metadata interface served by Token-2022. */
export function parseTokenMetadataInstruction(accounts: string[], data: Uint8Array): ParsedInstructionBody {
  const kind = discriminatorOf(data);
  if (!kind) throw new NotParsable('not a token instruction');
  const r = new ByteReader(data.subarray(8));
  const a = accounts;
  switch (kind) {
    case 'initialize': {
      const name = r.borshString(); const symbol = r.borshString(); const uri = r.borshString();
      r.end();
      needAccounts(a, 4);
      return { type: 'initializeTokenMetadata', info: { metadata: a[0], updateAuthority: a[1], mint: a[2], mintAuthority: a[3], name, symbol, uri } };
    }
    case 'updateField': {
      const fieldTag = r.u8();
      let field: string;
      if (fieldTag < 3) field = FIXED_FIELDS[fieldTag];
      else if (fieldTag === 3) field = r.borshString();
      else throw new NotParsable('bad field');
      const value = r.borshString();
      r.end();
      needAccounts(a, 2);
      return { type: 'updateTokenMetadataField', info: { metadata: a[0], updateAuthority: a[1], field, value } };
    }
    case 'removeKey': {
      const idempotent = r.bool(); const key = r.borshString();
      r.end();
      needAccounts(a, 2);
      return { type: 'removeTokenMetadataKey', info: { metadata: a[0], updateAuthority: a[1], key, idempotent } };
    }
    case 'updateAuthority': {
      const newAuthority = r.optionalNonZeroPubkey();
      r.end();
      needAccounts(a, 2);
      return { type: 'updateTokenMetadataAuthority', info: { metadata: a[0], updateAuthority: a[1], newAuthority } };
    }
    case 'emit': {
      const start = r.borshOptionU64(); const end = r.borshOptionU64();
      r.end();
      needAccounts(a, 1);
      const info: Record<string, unknown> = { metadata: a[0] };
      if (start !== null) info.start = u64Number(start);
      if (end !== null) info.end = u64Number(end);
      return { type: 'emitTokenMetadata', info };
    }
  }
}
