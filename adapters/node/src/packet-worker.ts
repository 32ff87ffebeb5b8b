import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type PacketBuilder, PacketsBusyError } from '@filing-mcp/filing-domain';
import { type FilingKind, PacketTooLargeError, UnprintableTextError } from '@filing-mcp/irs-forms';
import type { CheckedSignedCopy, Packet, PacketFile } from '@filing-mcp/irs-forms/pdf';
import { NODE_DEFAULTS } from './node-defaults.js';

const require = createRequire(import.meta.url);

// The worker: irs-forms' PacketBuilder reading the vendored templates. Plain CommonJS evaluated in
// the worker, so it runs the same from the TypeScript sources (tests) and the built adapter; the
// modules it loads are passed as absolute URLs.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFile } = require('node:fs/promises');
const pdf = import(workerData.pdfModule);
const builder = pdf.then(({ PacketBuilder }) =>
  new PacketBuilder({ loadTemplate: (name) => readFile(workerData.templateDir + name) }));
parentPort.on('message', async ({ id, kind, formData, files, asOf, section, signedCopy }) => {
  try {
    if (signedCopy) {
      const checked = await (await pdf).checkSignedCopy(signedCopy);
      parentPort.postMessage({ id, signedCopy: checked }, [checked.pdf.buffer]);
      return;
    }
    const packetBuilder = await builder;
    const options = { ...(asOf !== undefined && { asOf }), ...(section !== undefined && { section }) };
    if (files) {
      const built = await packetBuilder.buildFiles(kind, formData, options);
      parentPort.postMessage({ id, files: built }, built.map((file) => file.bytes.buffer));
    } else {
      const packet = await packetBuilder.build(kind, formData, options);
      parentPort.postMessage({ id, packet }, [packet.pdf.buffer]);
    }
  } catch (error) {
    parentPort.postMessage({ id, error: { name: error.name, code: typeof error.code === 'string' ? error.code : undefined, message: String(error.message), field: error.field, character: error.character, limit: error.limit, actual: error.actual, max: error.max } });
  }
});
`;

interface WorkerReply {
  id: number;
  packet?: Packet;
  files?: PacketFile[];
  signedCopy?: CheckedSignedCopy;
  error?: {
    name: string;
    code?: string;
    message: string;
    field?: string;
    character?: string;
    limit?: 'pages' | 'bytes';
    actual?: number;
    max?: number;
  };
}

/** Options of {@link createPacketWorker}. */
export interface PacketWorkerOptions {
  /** Worker threads at most, each building one packet at a time (default 2). */
  workers?: number;
  /** Heap limit of each worker in MB (`resourceLimits.maxOldGenerationSizeMb`, default 512). */
  maxMemoryMb?: number;
  /** Called with each worker as it starts (monitoring; tests stop one to see the retry). */
  onWorker?: (worker: Worker) => void;
}

interface Job {
  message:
    | {
        id: number;
        kind: FilingKind;
        formData: Record<string, unknown>;
        files: boolean;
        asOf?: string;
        section?: 'file' | 'owner';
      }
    | { id: number; signedCopy: SignedCopyJob };
  signal: AbortSignal | undefined;
  /** Workers that died holding this job: one death is retried, a second fails it. */
  deaths: number;
  resolve(reply: WorkerReply): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
}

function toError(error: NonNullable<WorkerReply['error']>): Error {
  if (error.name === 'UnprintableTextError') {
    return new UnprintableTextError({ field: error.field ?? '', character: error.character ?? '' });
  }
  if (error.name === 'PacketTooLargeError') {
    return new PacketTooLargeError(error.limit ?? 'pages', error.actual ?? 0, error.max ?? 0);
  }
  // A refused signed copy (irs-forms' SignedCopyError) is answered by its code.
  return Object.assign(new Error(error.message), {
    name: error.name,
    ...(error.code && { code: error.code }),
  });
}

/**
 * A signed copy whose check killed its worker (over the heap limit, say) is not tried again: the
 * same upload would do the same. It is refused (422 `check_failed`), and nothing is kept.
 */
function signedCopyStopped(cause: Error): Error {
  return Object.assign(
    new Error(
      'The signed copy could not be checked within the bounds of one check: scan the signed pages again at 300 dpi, or print them to a new PDF',
      { cause },
    ),
    { name: 'SignedCopyError', code: 'check_failed' },
  );
}

type SignedCopyJob = Parameters<NonNullable<PacketBuilder['signedCopy']>>[0];

/**
 * Builds packets on worker threads, so the PDF work (tens of milliseconds of CPU per packet, more
 * for large filings) never stalls the server's event loop: `tools/list` and every other request
 * keep their latency while packets are built. Each worker builds one packet at a time under a
 * heap limit; a worker that dies (out of memory, say) takes only the build it held, which is
 * retried once on a new worker (then {@link PacketsBusyError} `worker`). A build whose signal is
 * aborted leaves the wait, or stops its worker. Workers start with the first packets (pdf-lib and
 * the templates load there, never at start-up) and do not keep the process alive. Calls beyond
 * the workers wait here; `createFilingPackets` (the filing server's) bounds them.
 *
 * The Node adapter's implementation of the packet port ({@link PacketBuilder} of filing-domain):
 * the core's downloads, the MCP packet resources and the companion's PDF links reach it through
 * the core's one cache and queue. Serverless adapters use irs-forms' in-process builder instead.
 */
export function createPacketWorker(options: PacketWorkerOptions = {}): Required<PacketBuilder> {
  const size = options.workers ?? 2;
  const maxMemoryMb = options.maxMemoryMb ?? NODE_DEFAULTS.packetWorkerMaxMemoryMb;
  const slots = new Set<Slot>();
  const waiting: Job[] = [];
  let nextId = 1;

  function start(): Slot {
    const templateFile = require.resolve('@filing-mcp/irs-forms/templates/f5472.pdf');
    const pdfModule = pathToFileURL(`${dirname(dirname(templateFile))}/dist/pdf.js`).href;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { pdfModule, templateDir: `${dirname(templateFile)}/` },
      resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
    });
    worker.unref();
    const slot: Slot = { worker, job: undefined };
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      if (job === undefined || job.message.id !== reply.id) return;
      slot.job = undefined;
      job.resolve(reply);
      dispatch();
    });
    let gone = false;
    const died = (error: Error) => {
      if (gone) return;
      gone = true;
      slots.delete(slot);
      const job = slot.job;
      slot.job = undefined;
      if (job !== undefined) {
        if (job.signal?.aborted) job.reject(job.signal.reason);
        else if ('signedCopy' in job.message) job.reject(signedCopyStopped(error));
        else if (++job.deaths < 2) waiting.unshift(job);
        else job.reject(new PacketsBusyError('worker', { cause: error }));
      }
      dispatch();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`The packet worker exited (code ${code})`)));
    slots.add(slot);
    options.onWorker?.(worker);
    return slot;
  }

  function dispatch(): void {
    while (waiting.length > 0) {
      let slot: Slot | undefined;
      for (const candidate of slots) if (candidate.job === undefined) slot = candidate;
      if (slot === undefined && slots.size < size) slot = start();
      if (slot === undefined) return;
      const job = waiting.shift()!;
      slot.job = job;
      slot.worker.postMessage(job.message);
    }
  }

  function cancel(job: Job): void {
    const index = waiting.indexOf(job);
    if (index !== -1) {
      waiting.splice(index, 1);
      job.reject(job.signal!.reason);
      return;
    }
    // Running: pdf-lib cannot be interrupted, so its worker stops; the exit rejects the job.
    for (const slot of slots) if (slot.job === job) void slot.worker.terminate();
  }

  async function call(
    kind: FilingKind,
    formData: Record<string, unknown>,
    files: boolean,
    buildOptions: { asOf?: string; signal?: AbortSignal; section?: 'file' | 'owner' } = {},
  ): Promise<WorkerReply> {
    return send(
      {
        id: nextId++,
        kind,
        formData,
        files,
        ...(buildOptions.asOf && { asOf: buildOptions.asOf }),
        ...(buildOptions.section && { section: buildOptions.section }),
      },
      buildOptions.signal,
    );
  }

  async function send(message: Job['message'], signal: AbortSignal | undefined): Promise<WorkerReply> {
    signal?.throwIfAborted();
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      const job: Job = { message, signal, deaths: 0, resolve, reject };
      const onAbort = () => cancel(job);
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      job.resolve = (value) => {
        settle();
        resolve(value);
      };
      job.reject = (error) => {
        settle();
        reject(error);
      };
      waiting.push(job);
      dispatch();
    });
    if (reply.error) throw toError(reply.error);
    return reply;
  }

  return {
    build: async (kind, formData, buildOptions) => (await call(kind, formData, false, buildOptions)).packet!,
    buildFiles: async (kind, formData, buildOptions) =>
      (await call(kind, formData, true, buildOptions)).files!,
    // The signed copy's bounds, rebuild and checks: the same workers, heap limit and retry.
    signedCopy: async (job, jobOptions) =>
      (await send({ id: nextId++, signedCopy: job }, jobOptions?.signal)).signedCopy!,
  };
}
