// The database ceiling: bare node:http + pg doing only the minimal work of an authenticated tool
// call: parse the JSON-RPC body, SHA-256 the bearer key, look the key up by hash, then the tool's
// one query (fetch the filing by id and user, or insert one), and serialise a tool result.
// No validation, no framework, no Kysely: what PostgreSQL itself allows on this machine.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import { announce } from '../lib/report.mjs';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.BENCH_DB_POOL ?? 10),
});
const formSchema = JSON.parse(readFileSync(process.env.BENCH_FORM_SCHEMA_FILE, 'utf8'));
const appUrl = 'http://127.0.0.1/app';

function send(request, response, status, message) {
  const body = JSON.stringify(message);
  if (status === 200 && request.headers.accept?.includes('text/event-stream')) {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.end(`event: message\ndata: ${body}\n\n`);
  } else {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  }
}

function toolResult(id, structuredContent) {
  return {
    jsonrpc: '2.0',
    id,
    result: { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent },
  };
}

async function userOf(authorization) {
  const key = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
  if (!key) return undefined;
  const keyHash = createHash('sha256').update(key, 'utf8').digest('hex');
  const { rows } = await pool.query('select user_id, expires_at from api_keys where key_hash = $1', [
    keyHash,
  ]);
  const row = rows[0];
  if (!row || (row.expires_at !== null && row.expires_at.getTime() <= Date.now())) return undefined;
  return row.user_id;
}

async function callTool(userId, name, args) {
  if (name === 'get_form_schema') return formSchema;
  if (name === 'get_filing') {
    const { rows } = await pool.query(
      `select id, llc_name, ein, tax_year_begin::text, tax_year_end::text, status, created_at, form_data
         from filings where id = $1 and user_id = $2`,
      [args.id, userId],
    );
    const row = rows[0];
    if (!row) return undefined;
    return { ...row, created_at: row.created_at.toISOString() };
  }
  if (name === 'create_filing') {
    const formData = args.form_data;
    const { rows } = await pool.query(
      `insert into filings (user_id, llc_name, ein, tax_year_begin, tax_year_end, form_data)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [
        userId,
        formData.llcName,
        formData.ein,
        formData.taxYearBegin,
        formData.taxYearEnd,
        JSON.stringify(formData),
      ],
    );
    return { id: rows[0].id, view_url: `${appUrl}/filings/${rows[0].id}` };
  }
  throw new Error(`the database ceiling does not serve ${name}`);
}

async function handle(request, response, text) {
  const message = JSON.parse(text);
  const userId = await userOf(request.headers.authorization);
  if (!userId) {
    return send(request, response, 401, {
      jsonrpc: '2.0',
      id: message.id,
      error: { code: -32001, message: 'Unauthorized' },
    });
  }
  const result = await callTool(userId, message.params.name, message.params.arguments ?? {});
  if (!result) {
    return send(request, response, 200, {
      jsonrpc: '2.0',
      id: message.id,
      result: { isError: true, content: [{ type: 'text', text: 'Filing not found' }] },
    });
  }
  send(request, response, 200, toolResult(message.id, result));
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    handle(request, response, Buffer.concat(chunks).toString('utf8')).catch((error) => {
      process.stderr.write(`db-ceiling: ${error.message}\n`);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
});

server.listen(0, '127.0.0.1', () =>
  announce(server.address().port, async () => {
    server.close();
    await pool.end();
  }),
);
