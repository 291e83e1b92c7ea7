// jsonParsed rendering of instructions, accounts and token balances, as an agave RPC node does it.
export { parseInstruction, type ParsedInstruction } from './instruction';
export { parseAccountData, type DecimalsOf, type ParsedAccountData } from './account';
export { parseTokenBalance, type TokenBalance } from './tokenBalance';
export { decodeMint, decodeTokenAccount, mintDecimals } from './tokenState';
export { tokenAmountToUiAmount, realNumberStringTrimmed, type UiTokenAmount } from './uiTokenAmount';
export * from './programs';
