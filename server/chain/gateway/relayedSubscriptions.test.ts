import { describe, expect, it } from 'vitest';
import { RelayedSubscriptions } from './relayedSubscriptions';

const answer = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('RelayedSubscriptions', () => {
  it('counts each subscribe from when it is sent, even under a reused request id', () => {
    const subs = new RelayedSubscriptions();
    for (let i = 0; i < 3; i++) subs.sent({ id: 1, method: 'signatureSubscribe', params: [] });
    expect(subs.count).toBe(3);
    subs.received(answer({ jsonrpc: '2.0', result: 7, id: 1 }));
    subs.received(answer({ jsonrpc: '2.0', error: { code: -32602, message: 'Invalid params' }, id: 1 }));
    subs.received(answer([{ jsonrpc: '2.0', result: 8, id: 1 }]));
    expect(subs.count).toBe(2);
    // An answer nobody waits for changes nothing.
    subs.received(answer({ jsonrpc: '2.0', result: 9, id: 1 }));
    expect(subs.count).toBe(2);
  });

  it('frees a signature subscription with its notification (not the receivedSignature one) and any on a confirmed unsubscribe', () => {
    const subs = new RelayedSubscriptions();
    subs.sent({ id: 'a', method: 'signatureSubscribe', params: [] });
    subs.sent({ id: 'b', method: 'accountSubscribe', params: [] });
    subs.received(answer({ jsonrpc: '2.0', result: 1, id: 'a' }));
    subs.received(answer({ jsonrpc: '2.0', result: 2, id: 'b' }));
    subs.received(answer({ jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot: 1 }, value: 'receivedSignature' }, subscription: 1 } }));
    expect(subs.count).toBe(2);
    subs.received(answer({ jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot: 2 }, value: { err: null } }, subscription: 1 } }));
    expect(subs.count).toBe(1);
    subs.sent({ id: 'c', method: 'accountUnsubscribe', params: [2] });
    subs.received(answer({ jsonrpc: '2.0', result: false, id: 'c' }));
    expect(subs.count).toBe(1);
    subs.sent({ id: 'd', method: 'accountUnsubscribe', params: [2] });
    subs.received(answer({ jsonrpc: '2.0', result: true, id: 'd' }));
    expect(subs.count).toBe(0);
  });
});
