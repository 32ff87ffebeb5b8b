import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type FilingKind, PacketTooLargeError, UnprintableTextError } from '@filing-mcp/irs-forms';
import type { Packet, PacketFile } from '@filing-mcp/irs-forms/pdf';
import type { PacketService } from './packet-service.js';

const require = createRequire(import.meta.url);

// The worker: irs-forms' PacketBuilder reading the vendored templates. Plain CommonJS evaluated in
// the worker, so it runs the same from the TypeScript sources (tests) and the built adapter; the
// modules it loads are passed as absolute URLs.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFile } = require('node:fs/promises');
const builder = import(workerData.pdfModule).then(({ PacketBuilder }) =>
  new PacketBuilder({ loadTemplate: (name) => readFile(workerData.templateDir + name) }));
parentPort.on('message', async ({ id, kind, formData, files }) => {
  try {
    const packetBuilder = await builder;
    if (files) {
      const built = await packetBuilder.buildFiles(kind, formData);
      parentPort.postMessage({ id, files: built }, built.map((file) => file.bytes.buffer));
    } else {
      const packet = await packetBuilder.build(kind, formData);
      parentPort.postMessage({ id, packet }, [packet.pdf.buffer]);
    }
  } catch (error) {
    parentPort.postMessage({ id, error: { name: error.name, message: String(error.message), field: error.field, character: error.character, limit: error.limit, actual: error.actual, max: error.max } });
  }
});
`;

interface WorkerReply {
  id: number;
  packet?: Packet;
  files?: PacketFile[];
  error?: {
    name: string;
    message: string;
    field?: string;
    character?: string;
    limit?: 'pages' | 'bytes';
    actual?: number;
    max?: number;
  };
}

/**
 * Builds packets on a worker thread, so the PDF work (tens of milliseconds of CPU per packet)
 * never stalls the server's event loop: `tools/list` and every other request keep their latency
 * while packets are built. The worker starts on the first packet (pdf-lib and the templates load
 * there, never at start-up) and does not keep the process alive.
 */
export function createPacketWorker(): PacketService {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }
  >();

  function start(): Worker {
    const templateFile = require.resolve('@filing-mcp/irs-forms/templates/f5472.pdf');
    const pdfModule = pathToFileURL(`${dirname(dirname(templateFile))}/dist/pdf.js`).href;
    const started = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { pdfModule, templateDir: `${dirname(templateFile)}/` },
    });
    started.unref();
    started.on('message', (reply: WorkerReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    const fail = (error: Error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      worker = undefined;
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`The packet worker exited (code ${code})`)));
    return started;
  }

  async function call(
    kind: FilingKind,
    formData: Record<string, unknown>,
    files: boolean,
  ): Promise<WorkerReply> {
    worker ??= start();
    const id = nextId++;
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker!.postMessage({ id, kind, formData, files });
    });
    if (reply.error) {
      if (reply.error.name === 'UnprintableTextError') {
        throw new UnprintableTextError({
          field: reply.error.field ?? '',
          character: reply.error.character ?? '',
        });
      }
      if (reply.error.name === 'PacketTooLargeError') {
        const { limit = 'pages', actual = 0, max = 0 } = reply.error;
        throw new PacketTooLargeError(limit, actual, max);
      }
      throw Object.assign(new Error(reply.error.message), { name: reply.error.name });
    }
    return reply;
  }

  return {
    build: async (kind, formData) => (await call(kind, formData, false)).packet!,
    buildFiles: async (kind, formData) => (await call(kind, formData, true)).files!,
  };
}
