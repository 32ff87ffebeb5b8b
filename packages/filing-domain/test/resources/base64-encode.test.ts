import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Encode, sharedBase64 } from '../../src/resources/base64-encode.js';
import { BODY_CHUNK_BYTES, chunkedBody } from '../../src/resources/chunked-body.js';

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

describe('sharedBase64 (the reads of one cached packet)', () => {
  it('encodes one packet once: every read of the same bytes gets the same string', async () => {
    const bytes = new Uint8Array(300_000).map((_, index) => (index * 7) & 255);
    const reads = Array.from({ length: 100 }, () => sharedBase64(bytes));
    expect(new Set(reads).size).toBe(1);
    expect(await reads[0]).toBe(Buffer.from(bytes).toString('base64'));
    // Other bytes (a packet built anew) are encoded on their own.
    const other = bytes.slice();
    expect(sharedBase64(other)).not.toBe(reads[0]);
    expect(await sharedBase64(other)).toBe(await reads[0]);
  });
});

describe('chunkedBody (a download of a cached packet)', () => {
  it('hands out views of the packet, at most 64 KiB each, one per read and none ahead', async () => {
    const bytes = new Uint8Array(BODY_CHUNK_BYTES * 3 + 5).map((_, index) => index & 255);
    let pulls = 0;
    const body = chunkedBody(bytes);
    const reader = body.getReader();
    const pieces: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pulls++;
      pieces.push(value);
    }
    expect(pulls).toBe(4);
    expect(pieces.map((piece) => piece.byteLength)).toEqual([
      BODY_CHUNK_BYTES,
      BODY_CHUNK_BYTES,
      BODY_CHUNK_BYTES,
      5,
    ]);
    // Views into the packet's own buffer: nothing copied.
    expect(pieces.every((piece) => piece.buffer === bytes.buffer)).toBe(true);
    expect(Buffer.concat(pieces).equals(Buffer.from(bytes))).toBe(true);
    expect(await new Response(chunkedBody(new Uint8Array(0))).arrayBuffer()).toHaveProperty('byteLength', 0);
  });

  it('reads nothing before it is asked (a high-water mark of 0)', async () => {
    const bytes = new Uint8Array(BODY_CHUNK_BYTES * 4);
    const body = chunkedBody(bytes);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const reader = body.getReader();
    const first = await reader.read();
    expect(first.value?.byteOffset).toBe(0);
    const second = await reader.read();
    expect(second.value?.byteOffset).toBe(BODY_CHUNK_BYTES);
    await reader.cancel();
  });
});
