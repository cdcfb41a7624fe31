import { describe, expect, it } from 'vitest';
import { UNKNOWN_ADDRESS, resolveClientAddress } from './client-address';

describe('resolveClientAddress', () => {
  it('uses the socket address when no proxy is trusted', () => {
    expect(resolveClientAddress('203.0.113.5', '1.2.3.4', [])).toBe('203.0.113.5');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(resolveClientAddress('203.0.113.5', '1.2.3.4', ['10.0.0.1'])).toBe('203.0.113.5');
  });

  it('takes the right-most untrusted entry when the peer is a trusted proxy', () => {
    expect(resolveClientAddress('10.0.0.1', '6.6.6.6, 198.51.100.7', ['10.0.0.1'])).toBe(
      '198.51.100.7',
    );
  });

  it('skips every trusted proxy in a chain', () => {
    expect(
      resolveClientAddress('10.0.0.1', 'spoofed, 198.51.100.7, 10.0.0.2', ['10.0.0.1', '10.0.0.2']),
    ).toBe('198.51.100.7');
  });

  it('falls back to the peer when the header is missing or its entry is not an address', () => {
    expect(resolveClientAddress('10.0.0.1', undefined, ['10.0.0.1'])).toBe('10.0.0.1');
    expect(resolveClientAddress('10.0.0.1', 'not-an-ip', ['10.0.0.1'])).toBe('10.0.0.1');
  });

  it('treats IPv4-mapped IPv6 addresses as their IPv4 form', () => {
    expect(resolveClientAddress('::ffff:10.0.0.1', '::ffff:198.51.100.7', ['10.0.0.1'])).toBe(
      '198.51.100.7',
    );
  });

  it('reports an unknown address without a socket', () => {
    expect(resolveClientAddress(undefined, '1.2.3.4', ['10.0.0.1'])).toBe(UNKNOWN_ADDRESS);
  });
});
