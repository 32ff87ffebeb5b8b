import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRequestStateSeal, McpError } from '../src/index.js';

const binding = { method: 'tools/call', target: 'book_flight', principal: 'user-1' };
const json = fc.jsonValue();

async function refusal(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    return error as McpError;
  }
  throw new Error('the seal opened');
}

describe('sealed requestState (AES-GCM)', () => {
  const seal = createRequestStateSeal({ secret: 's'.repeat(40) });

  it('opens to the sealed state for the same request and principal', async () => {
    await fc.assert(
      fc.asyncProperty(json, async (state) => {
        const token = await seal.seal(state, binding);
        expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
        expect(await seal.open(token, binding)).toEqual(JSON.parse(JSON.stringify(state ?? null)));
      }),
      { numRuns: 50 },
    );
  });

  it('does not show the state in the token', async () => {
    const token = await seal.seal({ secretStep: 'launch-codes' }, binding);
    const base64 = token.slice(3).replace(/-/g, '+').replace(/_/g, '/');
    expect(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))).not.toContain('launch');
  });

  it('refuses any tampered token with -32602', async () => {
    await fc.assert(
      fc.asyncProperty(json, fc.nat(), fc.integer({ min: 1, max: 63 }), async (state, position, delta) => {
        const token = await seal.seal(state, binding);
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const index = 3 + (position % (token.length - 3));
        const changed = alphabet[(alphabet.indexOf(token[index]!) + delta) % 64]!;
        const tampered = token.slice(0, index) + changed + token.slice(index + 1);
        // The last character may carry unused bits that base64url decoding drops.
        fc.pre(tampered !== token && index !== token.length - 1);
        const error = await refusal(seal.open(tampered, binding));
        expect(error).toBeInstanceOf(McpError);
        expect(error.code).toBe(-32602);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a state sealed for another principal, tool or method', async () => {
    await fc.assert(
      fc.asyncProperty(
        json,
        fc.record({ method: fc.string(), target: fc.string(), principal: fc.string() }),
        async (state, other) => {
          fc.pre(
            other.method !== binding.method ||
              other.target !== binding.target ||
              other.principal !== binding.principal,
          );
          const token = await seal.seal(state, binding);
          expect((await refusal(seal.open(token, other))).code).toBe(-32602);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuses a state after it expires, and one sealed with another key', async () => {
    let now = 1_000_000;
    const clocked = createRequestStateSeal({ secret: 's'.repeat(40), lifetimeMs: 60_000, now: () => now });
    await fc.assert(
      fc.asyncProperty(json, fc.integer({ min: 60_000, max: 10_000_000 }), async (state, elapsed) => {
        now = 1_000_000;
        const token = await clocked.seal(state, binding);
        now += elapsed;
        expect((await refusal(clocked.open(token, binding))).code).toBe(-32602);
        now = 1_000_000 + 59_999;
        expect(await clocked.open(token, binding)).toEqual(JSON.parse(JSON.stringify(state ?? null)));
      }),
      { numRuns: 30 },
    );
    const other = createRequestStateSeal({ secret: 't'.repeat(40) });
    const token = await seal.seal({ step: 1 }, binding);
    expect((await refusal(other.open(token, binding))).code).toBe(-32602);
  });

  it('refuses values that are not tokens, and secrets shorter than 32 characters', async () => {
    for (const value of [
      undefined,
      null,
      42,
      '',
      'v1.',
      'v2.AAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'v1.!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    ]) {
      expect((await refusal(seal.open(value, binding))).code).toBe(-32602);
    }
    expect(() => createRequestStateSeal({ secret: 'short' })).toThrow(TypeError);
  });
});
