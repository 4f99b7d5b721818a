import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

const request = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;
const proxies = (address: string) => address === '10.0.0.1' || address === '10.0.0.2';

describe('client address', () => {
  it("is the socket's peer when it is not a trusted proxy, whatever the header says", () => {
    expect(clientAddress(request('203.0.113.5', '198.51.100.1'), proxies)).toBe('203.0.113.5');
    expect(clientAddress(request('203.0.113.5', '198.51.100.1'), () => false)).toBe('203.0.113.5');
  });

  it('walks back through trusted proxies to the first untrusted hop', () => {
    expect(clientAddress(request('10.0.0.1', '198.51.100.1'), proxies)).toBe('198.51.100.1');
    // A client-supplied first entry is not believed: only hops added by trusted proxies are.
    expect(clientAddress(request('10.0.0.1', '1.2.3.4, 198.51.100.1, 10.0.0.2'), proxies)).toBe(
      '198.51.100.1',
    );
  });

  it('is the last trusted hop when every hop is a proxy', () => {
    expect(clientAddress(request('10.0.0.1'), proxies)).toBe('10.0.0.1');
    expect(clientAddress(request('10.0.0.1', '10.0.0.2'), proxies)).toBe('10.0.0.2');
  });
});
