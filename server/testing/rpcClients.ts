import { Connection, type PublicKey } from '@solana/web3.js';
import { createSolanaRpc, createSolanaRpcSubscriptions, devnet, isSolanaError } from '@solana/kit';
import { freePort } from '../../e2e/server';
import { closeConnection } from '../chain/clusterConnection';
import { createTestApp, type TestApp } from './app';

/**
 * The clients a wallet or SDK would point at a node: web3.js and kit (HTTP and PubSub).
 * `freshBlockhashes`: web3.js asks for a blockhash for every transaction instead of reusing one
 * for 30 s (for tests that warp the clock past it).
 */
function clientsAt(port: number, { freshBlockhashes = false }: { freshBlockhashes?: boolean } = {}) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const rpcUrl = `${baseUrl}/api/rpc`;
  const connection = new Connection(rpcUrl, 'confirmed');
  if (freshBlockhashes) (connection as unknown as { _disableBlockhashCaching: boolean })._disableBlockhashCaching = true;
  const wsUrl = `ws://127.0.0.1:${port}/api/rpc`;
  return {
    port,
    baseUrl,
    /** JSON-RPC over HTTP. */
    rpcUrl,
    /** PubSub as an upgrade on the RPC path. */
    wsUrl,
    /** PubSub on the validator-style port, PORT + 1. */
    pubsubUrl: `ws://127.0.0.1:${port + 1}/`,
    /** web3.js at 'confirmed'; its websocket is the one it derives, PORT + 1. */
    connection,
    /** kit, devnet-typed: requestAirdrop and the send-and-confirm factories accept it. */
    rpc: createSolanaRpc(devnet(rpcUrl)),
    rpcSubscriptions: createSolanaRpcSubscriptions(devnet(wsUrl)),
  };
}

export type RpcTestApp = TestApp & ReturnType<typeof clientsAt>;

/** The in-process test app listening on 127.0.0.1 (at a port whose PORT + 1 is free too), with its clients. */
export async function startRpcTestApp(envOverrides: Record<string, string> = {}, options: { freshBlockhashes?: boolean } = {}): Promise<RpcTestApp> {
  const t = await createTestApp(envOverrides);
  try {
    const port = await freePort();
    await t.app.listen({ host: '127.0.0.1', port });
    const clients = clientsAt(port, options);
    // The server goes first; its web3.js client would then redial it every second.
    return { ...t, ...clients, close: async () => { closeConnection(clients.connection); await t.close(); } };
  } catch (err) {
    await t.close();
    throw err;
  }
}

/** Airdrops from the ledger's faucet and waits until the airdrop is confirmed; its signature. */
export async function airdrop(connection: Connection, to: PublicKey, lamports: number): Promise<string> {
  const signature = await connection.requestAirdrop(to, lamports);
  await connection.confirmTransaction(signature);
  return signature;
}

/** The JSON-RPC error a kit call was refused with (its code and text); throws if the call succeeded. */
export async function rpcError(call: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await call;
  } catch (err) {
    if (isSolanaError(err)) return { code: err.context.__code, message: err.message };
    throw err;
  }
  throw new Error('expected an RPC error');
}
