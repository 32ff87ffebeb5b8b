import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Encode } from '../src/resources/base64-encode.js';

describe('base64Encode (the packet blob)', () => {
  it('equals Node’s own base64 for any bytes, across slice boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2_000 }), async (bytes) => {
        expect(await base64Encode(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      }),
    );
    for (const length of [0, 1, 2, 3, 196_607, 196_608, 196_609, 196_610, 1_000_001]) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 7919) & 255);
      expect(await base64Encode(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });

  it('serves the event loop between slices: timers run while 8 MB encode', async () => {
    const bytes = new Uint8Array(8 * 1024 * 1024);
    for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 7919) & 255;
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (running) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const encoded = await base64Encode(bytes);
    running = false;
    expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
    // 43 slices of 192 KiB, with a turn of the loop between two: the timer ran between them
    // (an encoding in one piece lets it run not once).
    expect(turns).toBeGreaterThanOrEqual(20);
  });
});
