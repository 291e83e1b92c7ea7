// Program ids the parsers recognise. Instructions: the programs the product uses (a real node
// also parses stake, vote, loader and lookup-table instructions). Accounts: the same owners as
// agave's account decoder.
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const MEMO_PROGRAM_V1 = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo';
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
export const SYSVAR_OWNER = 'Sysvar1111111111111111111111111111111111111';
export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
export const BPF_UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';
export const STAKE_PROGRAM = 'Stake11111111111111111111111111111111111111';
export const VOTE_PROGRAM = 'Vote111111111111111111111111111111111111111';
export const CONFIG_PROGRAM = 'Config1111111111111111111111111111111111111';
/** Not parsed (a real node renders it partially decoded), but the ledger prices its instructions. */
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';

export function isTokenProgram(programId: string): boolean {
  return programId === TOKEN_PROGRAM || programId === TOKEN_2022_PROGRAM;
}
