const URL_RE = /^[^:]+:\/\/([^:[]+|\[[^\]]+\])(:\d+)?(.*)/i;

/**
 * The PubSub URL web3.js derives from an RPC URL: http→ws, https→wss, and an explicit port
 * becomes port + 1 (the validator convention); without a port, same host and path.
 */
export function pubsubUrlFor(rpcUrl: string): string {
  const match = rpcUrl.match(URL_RE);
  if (!match) throw new TypeError(`Not an RPC URL: ${rpcUrl}`);
  const [, host, portWithColon, rest] = match;
  const protocol = rpcUrl.startsWith('https:') ? 'wss:' : 'ws:';
  const port = portWithColon ? `:${Number(portWithColon.slice(1)) + 1}` : '';
  return `${protocol}//${host}${port}${rest}`;
}
