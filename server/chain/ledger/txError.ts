import type { FailedTransactionMetadata } from 'litesvm';

/** A TransactionError as the RPC serialises it: "BlockhashNotFound", { InstructionError: [0, { Custom: 1 }] }, ... */
export type TxErrorJson = string | Record<string, unknown>;

// Order of LiteSVM's TransactionErrorFieldless / InstructionErrorFieldless enums (const enums: not
// available at run time, so listed here).
const TX_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
];
const IX_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable',
  'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId',
  'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc',
  'ComputationalBudgetExceeded', 'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete',
  'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner',
  'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner', 'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
];

/** LiteSVM's error object -> the JSON a validator returns. */
export function txErrorJson(failed: FailedTransactionMetadata): TxErrorJson {
  const err = failed.err() as unknown;
  if (typeof err === 'number') return TX_ERRORS[err] ?? 'InvalidError';
  const e = err as { constructor: { name: string }; index?: number; accountIndex?: number; err?: () => unknown };
  switch (e.constructor.name) {
    case 'TransactionErrorInstructionError': return { InstructionError: [e.index, instructionErrorJson(e.err!())] };
    case 'TransactionErrorDuplicateInstruction': return { DuplicateInstruction: e.index };
    case 'TransactionErrorInsufficientFundsForRent': return { InsufficientFundsForRent: { account_index: e.accountIndex } };
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: e.accountIndex } };
    default: return String(err);
  }
}

function instructionErrorJson(err: unknown): unknown {
  if (typeof err === 'number') return IX_ERRORS[err] ?? 'InvalidError';
  const e = err as { code?: number; msg?: string };
  if (typeof e.code === 'number') return { Custom: e.code };
  if (typeof e.msg === 'string') return { BorshIoError: e.msg };
  return 'GenericError';
}

const TX_MESSAGES: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  CallChainTooDeep: 'Loader call chain is too deep',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidWritableAccount: 'Transaction loads a writable account that cannot be written',
  TooManyAccountLocks: 'Transaction locked too many accounts',
  AddressLookupTableNotFound: 'Transaction loads an address table account that doesn\'t exist',
};

const IX_MESSAGES: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ModifiedProgramId: 'instruction illegally modified the program id of an account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ExternalAccountDataModified: 'instruction modified data of an account it does not own',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  ReadonlyDataModified: 'instruction modified data of a read-only account',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountDataSizeChanged: 'program other than the account\'s owner changed the size of the account data',
  AccountNotExecutable: 'instruction expected an executable account',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  IncorrectAuthority: 'Incorrect authority provided',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  IllegalOwner: 'Provided owner is not allowed',
  InvalidSeeds: 'Provided seeds do not result in a valid address',
  InvalidRealloc: 'Failed to reallocate account data',
  MissingAccount: 'An account required by the instruction is missing',
};

/** The validator's Display text for an error ("Error processing Instruction 0: custom program error: 0x1"). */
export function txErrorMessage(err: TxErrorJson): string {
  if (typeof err === 'string') return TX_MESSAGES[err] ?? err;
  if ('InstructionError' in err) {
    const [index, ix] = err.InstructionError as [number, unknown];
    return `Error processing Instruction ${index}: ${instructionErrorMessage(ix)}`;
  }
  if ('InsufficientFundsForRent' in err) {
    const { account_index } = err.InsufficientFundsForRent as { account_index: number };
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`;
  }
  if ('DuplicateInstruction' in err) return `Transaction contains a duplicate instruction (${String(err.DuplicateInstruction)}) that is not allowed`;
  return JSON.stringify(err);
}

function instructionErrorMessage(ix: unknown): string {
  if (typeof ix === 'string') return IX_MESSAGES[ix] ?? ix;
  const o = ix as { Custom?: number; BorshIoError?: string };
  if (typeof o.Custom === 'number') return `custom program error: 0x${o.Custom.toString(16)}`;
  if (typeof o.BorshIoError === 'string') return `Failed to serialize or deserialize account data: ${o.BorshIoError}`;
  return JSON.stringify(ix);
}
