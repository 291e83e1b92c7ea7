/** The RPC `UiTokenAmount` shape (field order as a real node serialises it). */
export type UiTokenAmount = {
  uiAmount: number | null;
  decimals: number;
  amount: string;
  uiAmountString: string;
};

/** `amount` with the decimal point inserted, trailing zeros (and a bare point) trimmed. */
export function realNumberStringTrimmed(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const padded = amount.toString().padStart(decimals + 1, '0');
  const s = `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
  return s.replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * agave's token_amount_to_ui_amount: uiAmount is the f64 quotient (null when 10^decimals
 * overflows a u64), uiAmountString the exact decimal.
 */
export function tokenAmountToUiAmount(amount: bigint, decimals: number): UiTokenAmount {
  return {
    uiAmount: decimals <= 19 ? Number(amount) / 10 ** decimals : null,
    decimals,
    amount: amount.toString(),
    uiAmountString: realNumberStringTrimmed(amount, decimals),
  };
}
