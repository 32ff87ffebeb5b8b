// The floor of the first authenticated tools/call with the three dependencies the design names:
// the minimal handler's `initialize` (none of them loaded), then, on the first tools/call, only
// what such a call cannot do without: pg and Kysely to look the credential up (one query on a new
// connection) and zod to validate the arguments and the result (one small schema each). No
// protocol core, no OAuth, no rate limit, no telemetry: what ours could at best come down to.
import { createHash } from 'node:crypto';
import { eventToRequest, responseToResult } from './lambda-event.mjs';

const initializeResult = {
  protocolVersion: '2025-06-18',
  capabilities: { tools: {} },
  serverInfo: { name: 'floor', version: '1.0.0' },
};

let loaded;
async function toolCall(message, request) {
  loaded ??= Promise.all([import('./floor-database.mjs'), import('./floor-schemas.mjs')]).then(
    ([database, schemas]) => ({ db: database.openDatabase(process.env.DATABASE_URL), schemas }),
  );
  const { db, schemas } = await loaded;
  const credential = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  const keyHash = createHash('sha256').update(credential, 'utf8').digest('hex');
  const key = await db
    .selectFrom('api_keys')
    .select('user_id')
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  if (key === undefined) return { isError: true, content: [{ type: 'text', text: 'unauthorized' }] };
  schemas.input().parse(message.params.arguments);
  const result = schemas.output().parse({ kind: '5472', description: 'form_data', fields: { ein: 'EIN' } });
  return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
}

const app = {
  async fetch(request) {
    const message = await request.json();
    const result = message.method === 'initialize' ? initializeResult : await toolCall(message, request);
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }), {
      headers: { 'content-type': 'application/json' },
    });
  },
};

/** Buffered Lambda handler. */
export const handler = async (event) => responseToResult(await app.fetch(eventToRequest(event)));
