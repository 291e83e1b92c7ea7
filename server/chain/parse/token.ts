import { ByteReader, NotParsable, utf8 } from './reader';
import { needAccounts, withSigners } from './signers';
import type { ParsedInstructionBody } from './system';
import { parseMetadataPointerInstruction, parseTokenMetadataInstruction, parseTransferFeeInstruction } from './tokenExtensions';
import { tokenAmountToUiAmount } from './uiTokenAmount';

// AuthorityType by its u8 value, named as UiAuthorityType serialises it.
const AUTHORITY_TYPES = [
  'mintTokens', 'freezeAccount', 'accountOwner', 'closeAccount', 'transferFeeConfig', 'withheldWithdraw',
  'closeMint', 'interestRate', 'permanentDelegate', 'confidentialTransferMint', 'transferHookProgramId',
  'confidentialTransferFeeConfig', 'metadataPointer', 'groupPointer', 'groupMemberPointer', 'scaledUiAmount',
  'pause', 'permissionedBurn',
];
const ACCOUNT_AUTHORITY_TYPES = new Set(['accountOwner', 'closeAccount']);

// ExtensionType by its u16 value, named as UiExtensionType serialises it.
export const EXTENSION_TYPE_NAMES = [
  'uninitialized', 'transferFeeConfig', 'transferFeeAmount', 'mintCloseAuthority', 'confidentialTransferMint',
  'confidentialTransferAccount', 'defaultAccountState', 'immutableOwner', 'memoTransfer', 'nonTransferable',
  'interestBearingConfig', 'cpiGuard', 'permanentDelegate', 'nonTransferableAccount', 'transferHook',
  'transferHookAccount', 'confidentialTransferFeeConfig', 'confidentialTransferFeeAmount', 'metadataPointer',
  'tokenMetadata', 'groupPointer', 'tokenGroup', 'groupMemberPointer', 'tokenGroupMember', 'confidentialMintBurn',
  'scaledUiAmount', 'pausable', 'pausableAccount', 'permissionedBurn',
];

// Tags TokenInstruction::unpack knows; anything else is tried as a token-metadata interface instruction.
const HIGHEST_TOKEN_TAG = 46;
const BATCH_TAG = 255;

/** agave parse_token.rs for both SPL Token and Token-2022 (the node names both 'spl-token'). */
export function parseTokenInstruction(accounts: string[], data: Uint8Array): ParsedInstructionBody {
  const tag = data[0];
  if (tag === undefined) throw new NotParsable('empty token instruction');
  if (tag > HIGHEST_TOKEN_TAG && tag !== BATCH_TAG) return parseTokenMetadataInstruction(accounts, data);
  const r = new ByteReader(data.subarray(1));
  const a = accounts;
  switch (tag) {
    case 0:
    case 20: {
      const decimals = r.u8(); const mintAuthority = r.pubkey(); const freezeAuthority = r.coptionPubkey();
      if (tag === 0) {
        needAccounts(a, 2);
        const info: Record<string, unknown> = { mint: a[0], decimals, mintAuthority, rentSysvar: a[1] };
        if (freezeAuthority) info.freezeAuthority = freezeAuthority;
        return { type: 'initializeMint', info };
      }
      needAccounts(a, 1);
      const info: Record<string, unknown> = { mint: a[0], decimals, mintAuthority };
      if (freezeAuthority) info.freezeAuthority = freezeAuthority;
      return { type: 'initializeMint2', info };
    }
    case 1:
      needAccounts(a, 4);
      return { type: 'initializeAccount', info: { account: a[0], mint: a[1], owner: a[2], rentSysvar: a[3] } };
    case 16: {
      const owner = r.pubkey();
      needAccounts(a, 3);
      return { type: 'initializeAccount2', info: { account: a[0], mint: a[1], owner, rentSysvar: a[2] } };
    }
    case 18: {
      const owner = r.pubkey();
      needAccounts(a, 2);
      return { type: 'initializeAccount3', info: { account: a[0], mint: a[1], owner } };
    }
    case 2: {
      const m = r.u8();
      needAccounts(a, 3);
      return { type: 'initializeMultisig', info: { multisig: a[0], rentSysvar: a[1], signers: a.slice(2), m } };
    }
    case 19: {
      const m = r.u8();
      needAccounts(a, 2);
      return { type: 'initializeMultisig2', info: { multisig: a[0], signers: a.slice(1), m } };
    }
    case 3: {
      const amount = r.u64();
      needAccounts(a, 3);
      return { type: 'transfer', info: withSigners({ source: a[0], destination: a[1], amount: amount.toString() }, 2, a, 'authority', 'multisigAuthority') };
    }
    case 4: {
      const amount = r.u64();
      needAccounts(a, 3);
      return { type: 'approve', info: withSigners({ source: a[0], delegate: a[1], amount: amount.toString() }, 2, a, 'owner', 'multisigOwner') };
    }
    case 5:
      needAccounts(a, 2);
      return { type: 'revoke', info: withSigners({ source: a[0] }, 1, a, 'owner', 'multisigOwner') };
    case 6: {
      const authorityType = AUTHORITY_TYPES[r.u8()];
      if (!authorityType) throw new NotParsable('unknown authority type');
      const newAuthority = r.coptionPubkey();
      needAccounts(a, 2);
      const owned = ACCOUNT_AUTHORITY_TYPES.has(authorityType) ? 'account' : 'mint';
      return { type: 'setAuthority', info: withSigners({ [owned]: a[0], authorityType, newAuthority }, 1, a, 'authority', 'multisigAuthority') };
    }
    case 7: {
      const amount = r.u64();
      needAccounts(a, 3);
      return { type: 'mintTo', info: withSigners({ mint: a[0], account: a[1], amount: amount.toString() }, 2, a, 'mintAuthority', 'multisigMintAuthority') };
    }
    case 8: {
      const amount = r.u64();
      needAccounts(a, 3);
      return { type: 'burn', info: withSigners({ account: a[0], mint: a[1], amount: amount.toString() }, 2, a, 'authority', 'multisigAuthority') };
    }
    case 9:
      needAccounts(a, 3);
      return { type: 'closeAccount', info: withSigners({ account: a[0], destination: a[1] }, 2, a, 'owner', 'multisigOwner') };
    case 10:
    case 11:
      needAccounts(a, 3);
      return {
        type: tag === 10 ? 'freezeAccount' : 'thawAccount',
        info: withSigners({ account: a[0], mint: a[1] }, 2, a, 'freezeAuthority', 'multisigFreezeAuthority'),
      };
    case 12:
    case 13: {
      const amount = r.u64(); const decimals = r.u8();
      needAccounts(a, 4);
      const tokenAmount = tokenAmountToUiAmount(amount, decimals);
      return tag === 12
        ? { type: 'transferChecked', info: withSigners({ source: a[0], mint: a[1], destination: a[2], tokenAmount }, 3, a, 'authority', 'multisigAuthority') }
        : { type: 'approveChecked', info: withSigners({ source: a[0], mint: a[1], delegate: a[2], tokenAmount }, 3, a, 'owner', 'multisigOwner') };
    }
    case 14: {
      const amount = r.u64(); const decimals = r.u8();
      needAccounts(a, 3);
      const tokenAmount = tokenAmountToUiAmount(amount, decimals);
      return { type: 'mintToChecked', info: withSigners({ mint: a[0], account: a[1], tokenAmount }, 2, a, 'mintAuthority', 'multisigMintAuthority') };
    }
    case 15: {
      const amount = r.u64(); const decimals = r.u8();
      needAccounts(a, 3);
      const tokenAmount = tokenAmountToUiAmount(amount, decimals);
      return { type: 'burnChecked', info: withSigners({ account: a[0], mint: a[1], tokenAmount }, 2, a, 'authority', 'multisigAuthority') };
    }
    case 17:
      needAccounts(a, 1);
      return { type: 'syncNative', info: { account: a[0] } };
    case 21: {
      if (r.remaining % 2 !== 0) throw new NotParsable('bad extension list');
      const extensionTypes: string[] = [];
      while (r.remaining > 0) {
        const name = EXTENSION_TYPE_NAMES[r.u16()];
        if (!name) throw new NotParsable('unknown extension type');
        extensionTypes.push(name);
      }
      needAccounts(a, 1);
      const info: Record<string, unknown> = { mint: a[0] };
      if (extensionTypes.length > 0) info.extensionTypes = extensionTypes;
      return { type: 'getAccountDataSize', info };
    }
    case 22:
      needAccounts(a, 1);
      return { type: 'initializeImmutableOwner', info: { account: a[0] } };
    case 23: {
      const amount = r.u64();
      needAccounts(a, 1);
      return { type: 'amountToUiAmount', info: { mint: a[0], amount: amount.toString() } };
    }
    case 24: {
      const uiAmount = utf8(r.rest());
      needAccounts(a, 1);
      return { type: 'uiAmountToAmount', info: { mint: a[0], uiAmount } };
    }
    case 25: {
      const newAuthority = r.coptionPubkey();
      needAccounts(a, 1);
      return { type: 'initializeMintCloseAuthority', info: { mint: a[0], newAuthority } };
    }
    case 26:
      return parseTransferFeeInstruction(accounts, r.rest());
    case 31:
      needAccounts(a, 3);
      return { type: 'createNativeMint', info: { payer: a[0], nativeMint: a[1], systemProgram: a[2] } };
    case 32:
      needAccounts(a, 1);
      return { type: 'initializeNonTransferableMint', info: { mint: a[0] } };
    case 38:
      needAccounts(a, 3);
      return { type: 'withdrawExcessLamports', info: withSigners({ source: a[0], destination: a[1] }, 2, a, 'authority', 'multisigAuthority') };
    case 39:
      return parseMetadataPointerInstruction(accounts, r.rest());
    case 45: {
      const tagByte = r.u8();
      if (tagByte > 1) throw new NotParsable('bad option tag');
      const amount = tagByte === 1 ? r.u64() : null;
      needAccounts(a, 3);
      const info: Record<string, unknown> = { source: a[0], destination: a[1] };
      if (amount !== null) info.amount = amount.toString();
      return { type: 'unwrapLamports', info: withSigners(info, 2, a, 'authority', 'multisigAuthority') };
    }
    default:
      // Confidential transfers, interest-bearing, hooks, groups, pausable, batch...: the
      // product never sends them; they are shown partially decoded.
      throw new NotParsable(`token instruction ${tag} not parsed here`);
  }
}
