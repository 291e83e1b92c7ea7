/** The site's own JSON-RPC: every chain read and send from the browser goes here. */
export function rpcEndpoint(origin: string = window.location.origin): string {
  return `${origin.replace(/\/$/, '')}/api/rpc`;
}

/**
 * The PubSub websocket on the same host and path. web3.js would otherwise derive
 * ws://host:PORT+1 from a URL with an explicit port (the validator convention); that is
 * wrong behind the Vite dev proxy or a reverse proxy, and the server upgrades /api/rpc itself.
 */
export function rpcWsEndpoint(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/rpc`;
}
