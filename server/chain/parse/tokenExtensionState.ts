import type { Layout } from '@solana/buffer-layout';
import {
  CpiGuardLayout, DefaultAccountStateLayout, GroupMemberPointerLayout, GroupPointerLayout,
  InterestBearingMintConfigStateLayout, MemoTransferLayout, MetadataPointerLayout, MintCloseAuthorityLayout,
  PausableConfigLayout, PermanentDelegateLayout, TransferFeeAmountLayout, TransferFeeConfigLayout,
  TransferHookAccountLayout, TransferHookLayout, type TransferFee,
} from '@solana/spl-token';
import { unpack as unpackTokenMetadata } from '@solana/spl-token-metadata';
import type { PublicKey } from '@solana/web3.js';
import { EXTENSION_TYPE_NAMES } from './token';

/** One entry of a mint's or token account's `extensions`, as UiExtension serialises it. */
export type UiExtension = { extension: string; state?: Record<string, unknown> };

const ACCOUNT_STATES = ['uninitialized', 'initialized', 'frozen'];

/**
 * The TLV entries after the account-type byte, as spl-token-2022's get_extension_types reads
 * them: stop at an Uninitialized entry; any malformed entry makes the whole list empty.
 */
export function readTlvEntries(tlv: Uint8Array): { type: number; value: Uint8Array }[] {
  const entries: { type: number; value: Uint8Array }[] = [];
  const view = new DataView(tlv.buffer, tlv.byteOffset, tlv.byteLength);
  let at = 0;
  while (at < tlv.length) {
    if (tlv.length < at + 2) return [];
    const type = view.getUint16(at, true);
    if (EXTENSION_TYPE_NAMES[type] === undefined) return [];
    if (type === 0) break;
    if (tlv.length < at + 4) return [];
    const length = view.getUint16(at + 2, true);
    const end = at + 4 + length;
    if (end > tlv.length) return [];
    entries.push({ type, value: tlv.subarray(at + 4, end) });
    at = end;
  }
  return entries;
}

/** agave parse_token_extension.rs parse_extension for one TLV entry. */
export function uiExtension(type: number, value: Uint8Array): UiExtension {
  const name = EXTENSION_TYPE_NAMES[type];
  const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  const decode = <T>(layout: Layout<T>): T | null => (bytes.length === layout.span ? layout.decode(bytes) : null);
  const state = (s: Record<string, unknown> | null): UiExtension =>
    s ? { extension: name, state: s } : { extension: 'unparseableExtension' };

  switch (name) {
    case 'immutableOwner':
    case 'nonTransferable':
    case 'nonTransferableAccount':
    case 'pausableAccount':
      return { extension: name };
    case 'transferFeeConfig': {
      const c = decode(TransferFeeConfigLayout);
      return state(c && {
        transferFeeConfigAuthority: optionalKey(c.transferFeeConfigAuthority),
        withdrawWithheldAuthority: optionalKey(c.withdrawWithheldAuthority),
        withheldAmount: Number(c.withheldAmount),
        olderTransferFee: uiTransferFee(c.olderTransferFee),
        newerTransferFee: uiTransferFee(c.newerTransferFee),
      });
    }
    case 'transferFeeAmount': {
      const c = decode(TransferFeeAmountLayout);
      return state(c && { withheldAmount: Number(c.withheldAmount) });
    }
    case 'mintCloseAuthority': {
      const c = decode(MintCloseAuthorityLayout);
      return state(c && { closeAuthority: optionalKey(c.closeAuthority) });
    }
    case 'defaultAccountState': {
      const c = decode(DefaultAccountStateLayout);
      return state(c && { accountState: ACCOUNT_STATES[c.state] ?? 'uninitialized' });
    }
    case 'memoTransfer': {
      const c = decode(MemoTransferLayout);
      return state(c && { requireIncomingTransferMemos: c.requireIncomingTransferMemos });
    }
    case 'interestBearingConfig': {
      const c = decode(InterestBearingMintConfigStateLayout);
      return state(c && {
        rateAuthority: optionalKey(c.rateAuthority),
        initializationTimestamp: Number(c.initializationTimestamp),
        preUpdateAverageRate: c.preUpdateAverageRate,
        lastUpdateTimestamp: Number(c.lastUpdateTimestamp),
        currentRate: c.currentRate,
      });
    }
    case 'cpiGuard': {
      const c = decode(CpiGuardLayout);
      return state(c && { lockCpi: c.lockCpi });
    }
    case 'permanentDelegate': {
      const c = decode(PermanentDelegateLayout);
      return state(c && { delegate: optionalKey(c.delegate) });
    }
    case 'transferHook': {
      const c = decode(TransferHookLayout);
      return state(c && { authority: optionalKey(c.authority), programId: optionalKey(c.programId) });
    }
    case 'transferHookAccount': {
      const c = decode(TransferHookAccountLayout);
      return state(c && { transferring: c.transferring });
    }
    case 'metadataPointer': {
      const c = decode(MetadataPointerLayout);
      return state(c && { authority: optionalKey(c.authority), metadataAddress: optionalKey(c.metadataAddress) });
    }
    case 'groupPointer': {
      const c = decode(GroupPointerLayout);
      return state(c && { authority: optionalKey(c.authority), groupAddress: optionalKey(c.groupAddress) });
    }
    case 'groupMemberPointer': {
      const c = decode(GroupMemberPointerLayout);
      return state(c && { authority: optionalKey(c.authority), memberAddress: optionalKey(c.memberAddress) });
    }
    case 'pausable': {
      const c = decode(PausableConfigLayout);
      return c ? { extension: 'pausableConfig', state: { authority: optionalKey(c.authority), paused: c.paused } } : state(null);
    }
    case 'tokenMetadata': {
      try {
        const m = unpackTokenMetadata(bytes);
        return state({
          updateAuthority: m.updateAuthority ? m.updateAuthority.toBase58() : null,
          mint: m.mint.toBase58(),
          name: m.name,
          symbol: m.symbol,
          uri: m.uri,
          additionalMetadata: m.additionalMetadata.map(([k, v]) => [k, v]),
        });
      } catch {
        return state(null);
      }
    }
    default:
      // Confidential transfer, token groups, scaled UI amount: never used by the product.
      return state(null);
  }
}

function uiTransferFee(fee: TransferFee): Record<string, unknown> {
  return { epoch: Number(fee.epoch), maximumFee: Number(fee.maximumFee), transferFeeBasisPoints: fee.transferFeeBasisPoints };
}

/** spl-pod OptionalNonZeroPubkey: the all-zero key is None. */
function optionalKey(key: PublicKey): string | null {
  return key.toBytes().every((b) => b === 0) ? null : key.toBase58();
}
