// A filing server with packets and fax on a real loopback socket, over a fresh database, with a
// Telnyx stand-in: what the signed copy, send_fax and webhook tests run against.
import type { FilingDatabase } from '../../src/storage/database.js';
import { EXAMPLE_SINGLE_MEMBER_FILING } from '@filing-mcp/irs-forms';
import { countPdfPages } from '@filing-mcp/irs-forms/pdf';
import type { DatabaseVariant } from '@filing-mcp/test-db';
import type { Kysely } from 'kysely';
import type {
  FilingLogEvent,
  FilingServer,
  FilingServerConfig,
  FilingServerOptions,
} from '../../src/index.js';
import { telnyxFaxProvider } from '../../src/providers/telnyx.js';
import { signWithStroke } from '../../../irs-forms/test/support/signed-copy-fixtures.js';
import { newUser, type ToolOutcome } from './helpers.js';
import { callToolAt, startSocketServer, testPackets } from './socket-server.js';
import { startTelnyxStandIn, type TelnyxStandIn } from './telnyx-stand-in.js';

// A 1x1 PNG and a 1x1 JPEG: what a phone's scan of one page stands for.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** The example return, without the extension whose due date has passed: ready today. */
export const READY_FILING = { ...EXAMPLE_SINGLE_MEMBER_FILING, generateForm7004: false };

export const TELNYX_TEST_API_KEY = 'KEY0123456789ABCDEF_test';
export const FAX_FROM = '+13125550100';
export const CONNECTION_ID = '2000000000000000001';

/** The part to file of a filing as the server builds it, its page count, and a copy of it signed (a pen stroke). */
export interface FaxPacket {
  pdf: Uint8Array;
  pages: number;
  /** The part to file signed where the signer signs: what a user uploads. */
  signed: Uint8Array<ArrayBuffer>;
}

/** What the submission tests begin with: a fax harness, one user of it and the packet of READY_FILING. */
export interface FaxStart {
  h: FaxHarness;
  key: string;
  userId: string;
  packet: FaxPacket;
}

/** Starts a {@link FaxStart}; `fax` as for {@link startFaxHarness}. */
export async function startFaxWithUser(variant: DatabaseVariant, fax = true): Promise<FaxStart> {
  const h = await startFaxHarness(variant, fax);
  const { key, userId } = await newUser(h.db);
  return { h, key, userId, packet: await h.packet(READY_FILING) };
}

export interface FaxHarness {
  db: Kysely<FilingDatabase>;
  server: FilingServer;
  /** `http://127.0.0.1:PORT/mcp-server`. */
  baseUrl: string;
  telnyx: TelnyxStandIn;
  logs: FilingLogEvent[];
  /** Adds to the server's clock (milliseconds). */
  advance(ms: number): void;
  /** The part to file of a filing's packet as the server builds it, and its page count. */
  packet(formData: Record<string, unknown>): Promise<FaxPacket>;
  /** Calls a tool over the socket with an API key: the outcome as `callTool` of helpers.ts gives it. */
  call(key: string, name: string, args?: Record<string, unknown>): Promise<ToolOutcome>;
  /** Calls a tool and fails unless it succeeded; answers structuredContent. */
  ok(key: string, name: string, args?: Record<string, unknown>): Promise<any>;
  /** POSTs a webhook event to the server's webhook over the socket. */
  webhook(event: { body: string; headers: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

export async function startFaxHarness(
  variant: DatabaseVariant,
  fax = true,
  extra: Pick<FilingServerOptions, 'payments' | 'fax'> & { config?: Partial<FilingServerConfig> } = {},
): Promise<FaxHarness> {
  const telnyx = await startTelnyxStandIn(TELNYX_TEST_API_KEY);
  const logs: FilingLogEvent[] = [];
  let offset = 0;
  const faxSettings = {
    apiKey: TELNYX_TEST_API_KEY,
    connectionId: CONNECTION_ID,
    fromNumber: FAX_FROM,
    publicKey: telnyx.publicKey,
    apiBaseUrl: telnyx.baseUrl,
  };
  const { database, server, baseUrl, close } = await startSocketServer(variant.create, {
    config: { ...extra.config },
    // The provider an adapter builds from its settings (Telnyx's, against the stand-in, unless handed one).
    ...(fax && { fax: extra.fax ?? telnyxFaxProvider(faxSettings) }),
    ...(extra.payments && { payments: extra.payments }),
    now: () => Date.now() + offset,
    logger: (event) => logs.push(event),
    packets: testPackets,
  });
  const call = (key: string, name: string, args: Record<string, unknown> = {}) =>
    callToolAt(baseUrl, key, name, args);
  return {
    call,
    async ok(key, name, args) {
      const outcome = await call(key, name, args);
      if (outcome.status !== 200 || outcome.isError) {
        throw new Error(`${name} failed: ${outcome.status} ${JSON.stringify(outcome.raw)}`);
      }
      return outcome.data;
    },
    db: database.db,
    server,
    baseUrl,
    telnyx,
    logs,
    advance(ms) {
      offset += ms;
    },
    async packet(formData) {
      // The part to file: what is signed, uploaded and faxed (the cover page and Form 7004 are not).
      const { pdf } = await testPackets.build('5472', formData, { section: 'file' });
      const signed = (await signWithStroke(pdf)) as Uint8Array<ArrayBuffer>;
      return { pdf, pages: await countPdfPages(pdf), signed };
    },
    webhook: (event) =>
      fetch(`${baseUrl}/webhooks/telnyx/fax`, { method: 'POST', headers: event.headers, body: event.body }),
    async close() {
      await close();
      await telnyx.close();
    },
  };
}
