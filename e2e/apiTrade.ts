import { Transaction, type Keypair } from '@solana/web3.js';
import type { BuyQuoteResponse, ExecuteResponse } from '../core/schemas/trade';

/** A trader's buy straight through the API, as any client's: build, sign, execute. */
export async function apiBuy(baseUrl: string, mint: string, trader: Keypair, sol: string): Promise<ExecuteResponse> {
  const post = async (path: string, body: unknown) => {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${baseUrl}/api/curve/${mint}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      // The suite is one client address on a shared server: over the per-address trade limit, wait as a careful client would.
      if (res.status === 429 && attempt < 3) {
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 5) * 1000));
        continue;
      }
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    }
  };
  const built = await post('buy', { wallet: trader.publicKey.toBase58(), amount: sol, slippageBps: 500 }) as BuyQuoteResponse;
  const tx = Transaction.from(Buffer.from(built.transactionBase64, 'base64'));
  tx.partialSign(trader);
  return post('execute', { transactionBase64: tx.serialize({ requireAllSignatures: false }).toString('base64') }) as Promise<ExecuteResponse>;
}
