// Solana's rent has been the same on every cluster since launch (3,480 lamports per
// byte-year, exempt at two years, 128 bytes of account overhead); LiteSVM uses it too.
// Computing it keeps transaction builders and balance checks free of I/O.
const ACCOUNT_STORAGE_OVERHEAD = 128n;
const LAMPORTS_PER_BYTE_YEAR = 3480n;
const EXEMPTION_YEARS = 2n;

export function rentExemptLamports(dataLength: number): bigint {
  return (ACCOUNT_STORAGE_OVERHEAD + BigInt(dataLength)) * LAMPORTS_PER_BYTE_YEAR * EXEMPTION_YEARS;
}
