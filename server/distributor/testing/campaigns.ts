import type { PublicKey } from '@solana/web3.js';
import type { Services } from '../../services';

/** An account's lamports on the local ledger (0 when it does not exist). */
export function lamportsOf(services: Services, address: PublicKey): bigint {
  return services.chain.ledger!.getAccount(address.toBase58())?.lamports ?? 0n;
}
