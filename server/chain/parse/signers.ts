import { NotParsable } from './reader';

/** agave's check_num_accounts: too few accounts makes the instruction unparsable. */
export function needAccounts(accounts: string[], n: number): void {
  if (accounts.length < n) throw new NotParsable('too few accounts');
}

/**
 * agave's parse_signers: the account at `lastNonsigner` is the single authority, or, when
 * more accounts follow it, a multisig whose signers are the accounts after it.
 */
export function withSigners(
  info: Record<string, unknown>,
  lastNonsigner: number,
  accounts: string[],
  ownerField: string,
  multisigField: string,
): Record<string, unknown> {
  const owner = accounts[lastNonsigner];
  if (accounts.length > lastNonsigner + 1) {
    if (owner !== undefined) info[multisigField] = owner;
    info.signers = accounts.slice(lastNonsigner + 1);
  } else if (owner !== undefined) {
    info[ownerField] = owner;
  }
  return info;
}
