import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/index.js';
import { base64url, hex, randomBytes, timingSafeEqual } from '../src/crypto.js';
import { isRegisteredRedirectUri } from '../src/redirect-uri.js';

describe('crypto helpers', () => {
  it('sha256Hex equals node:crypto for ASCII and non-ASCII input', async () => {
    for (const input of ['', 'abc', 'nf_' + 'a'.repeat(64), 'ünïcødé ✓']) {
      expect(await sha256Hex(input)).toBe(createHash('sha256').update(input, 'utf8').digest('hex'));
    }
  });

  it('base64url and hex encode like Node', () => {
    const bytes = randomBytes(33);
    expect(bytes).toHaveLength(33);
    expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    expect(hex(bytes)).toBe(Buffer.from(bytes).toString('hex'));
    expect(base64url(new Uint8Array([251, 255]))).toBe('-_8');
  });

  it('randomBytes does not repeat', () => {
    expect(hex(randomBytes(16))).not.toBe(hex(randomBytes(16)));
  });

  it('timingSafeEqual compares content and length', () => {
    expect(timingSafeEqual('abc', 'abc')).toBe(true);
    expect(timingSafeEqual('abc', 'abd')).toBe(false);
    expect(timingSafeEqual('abc', 'abcd')).toBe(false);
    expect(timingSafeEqual('', '')).toBe(true);
    expect(timingSafeEqual('a', '')).toBe(false);
  });
});

describe('redirect URI matching', () => {
  const registered = ['http://127.0.0.1/cb', 'http://[::1]:8080/cb', 'https://a.example/cb', 'cursor://x/cb'];
  it.each([
    ['http://127.0.0.1:61234/cb', true],
    ['http://[::1]:1/cb', true],
    ['http://127.0.0.1:61234/cb2', false],
    ['http://127.0.0.1:61234/cb?x=1', false],
    ['http://localhost:61234/cb', false],
    ['https://a.example:8443/cb', false],
    ['https://a.example/cb', true],
    ['https://a.example/cb/', false],
    ['cursor://x/cb', true],
    ['cursor://x/cb2', false],
  ])('%s -> %s', (candidate, expected) => {
    expect(isRegisteredRedirectUri(registered, candidate)).toBe(expected);
  });
});
