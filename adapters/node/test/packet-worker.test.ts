import type { Worker } from 'node:worker_threads';
import { PacketsBusyError } from '@filing-mcp/filing-domain';
import { EXAMPLE_PARTNERSHIP_FILING, EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { describe, expect, it } from 'vitest';
import { signWithStroke } from '../../../packages/irs-forms/test/support/signed-copy-fixtures.js';
import { createPacketWorker } from '../src/packet-worker.js';

const isPdf = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, 5)) === '%PDF-';
const READY = { ...EXAMPLE_SINGLE_MEMBER_FILING, generateForm7004: false };
const party = EXAMPLE_SINGLE_MEMBER_FILING.relatedParties[0]!;
const largeFiling = {
  ...EXAMPLE_SINGLE_MEMBER_FILING,
  relatedParties: Array.from({ length: 50 }, (_, index) => ({ ...party, name: `Party ${index}` })),
};

describe('the packet workers (one build per worker thread, under a heap limit)', () => {
  it('retries the build of a worker that dies on a new worker, and the other user’s build on its own worker is not touched', async () => {
    const started: Worker[] = [];
    const packets = createPacketWorker({
      workers: 2,
      onWorker: (worker) => {
        started.push(worker);
        // The first worker dies as soon as it has its build, as an out-of-memory worker would.
        if (started.length === 1) worker.once('online', () => void worker.terminate());
      },
    });
    const [first, other] = await Promise.all([
      packets.build('5472', EXAMPLE_SINGLE_MEMBER_FILING),
      packets.build('partnership', EXAMPLE_PARTNERSHIP_FILING),
    ]);
    expect(isPdf(first.pdf)).toBe(true);
    expect(isPdf(other.pdf)).toBe(true);
    expect(started).toHaveLength(3);
  }, 60_000);

  it('gives up after a second death with PacketsBusyError (503 with Retry-After), and builds the next packet on a fresh worker', async () => {
    let workers = 0;
    const packets = createPacketWorker({
      workers: 1,
      onWorker: (worker) => {
        if (++workers <= 2) worker.once('online', () => void worker.terminate());
      },
    });
    const error = await packets
      .build('5472', EXAMPLE_SINGLE_MEMBER_FILING)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PacketsBusyError);
    expect(error).toMatchObject({
      reason: 'worker',
      retryAfterSeconds: 5,
      message: 'Service unavailable: the packet could not be built (its worker stopped twice); retry later',
    });
    expect(isPdf((await packets.build('5472', EXAMPLE_SINGLE_MEMBER_FILING)).pdf)).toBe(true);
    expect(workers).toBe(3);
  }, 60_000);

  it('a worker over its heap limit dies alone: its build fails with PacketsBusyError, a build under the limit on the next worker succeeds', async () => {
    const tight = createPacketWorker({ workers: 1, maxMemoryMb: 8 });
    const error = await tight.build('5472', largeFiling).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PacketsBusyError);
    expect((error as PacketsBusyError).cause).toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
    const roomy = createPacketWorker({ workers: 1 });
    expect(isPdf((await roomy.build('5472', EXAMPLE_SINGLE_MEMBER_FILING)).pdf)).toBe(true);
  }, 60_000);

  it('stops a running build whose signal is aborted (its worker ends) and starts the next on a new worker', async () => {
    let workers = 0;
    const packets = createPacketWorker({ workers: 1, onWorker: () => void workers++ });
    const controller = new AbortController();
    const cancelled = packets.build('5472', largeFiling, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('the caller has gone')), 50);
    await expect(cancelled).rejects.toThrow('the caller has gone');
    expect(isPdf((await packets.build('5472', EXAMPLE_SINGLE_MEMBER_FILING)).pdf)).toBe(true);
    expect(workers).toBe(2);
  }, 60_000);

  it('checks a signed copy on a worker: the rebuilt PDF and findings come back, a refusal keeps its code', async () => {
    const packets = createPacketWorker({ workers: 1 });
    const { pdf } = await packets.build('5472', READY);
    const checked = await packets.signedCopy({
      files: [{ bytes: await signWithStroke(pdf) }],
      expected: pdf,
    });
    expect(isPdf(checked.pdf)).toBe(true);
    expect(checked.findings).toEqual({ signature: 'signed', version: 'current', notes: [] });
    const unsigned = await packets
      .signedCopy({ files: [{ bytes: pdf }], expected: pdf })
      .catch((error) => error);
    expect(unsigned).toMatchObject({ name: 'SignedCopyError', code: 'unsigned' });
  }, 60_000);

  it('a signed copy whose worker dies is refused check_failed at once, not tried again on another worker', async () => {
    const started: Worker[] = [];
    const packets = createPacketWorker({ workers: 1, onWorker: (worker) => started.push(worker) });
    const { pdf } = await packets.build('5472', READY);
    const signed = await signWithStroke(pdf);
    // The job is on the worker as soon as it is asked for: that worker then dies, as out of memory.
    const check = packets.signedCopy({ files: [{ bytes: signed }], expected: pdf });
    void started[0]!.terminate();
    expect(await check.catch((error) => error)).toMatchObject({
      name: 'SignedCopyError',
      code: 'check_failed',
    });
    expect(started).toHaveLength(1);
  }, 60_000);
});
