import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type TestDatabase, testDatabases } from '@filing-mcp/test-db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/index.js';
import { APP_URL } from '../support/helpers.js';
import { startSocketServer } from '../support/socket-server.js';

describe.each(testDatabases())('official MCP SDK client over a real socket on $name', ({ create }) => {
  let database: TestDatabase;
  let close: (() => Promise<void>) | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    ({ database, baseUrl, close } = await startSocketServer(create));
  });

  afterAll(() => close?.());

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: 'filing-domain-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(baseUrl), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    return client;
  }

  it('lists the tools and drives a filing through create, get, update, list, pdf and delete', async () => {
    const { key } = await createApiKey(database.db, { userId: 'sdk-user' });
    const client = await connect(key);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'filing-mcp', version: '1.1.0' });
      expect(client.getInstructions()).toContain('get_form_schema');
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(20);

      const schema = await client.callTool({
        name: 'get_form_schema',
        arguments: { formType: 'form-5472-1120' },
      });
      expect((schema.structuredContent as any).fields.llcName).toEqual(expect.any(String));

      // The SDK client validates structuredContent against each declared outputSchema.
      const created = await client.callTool({
        name: 'create_filing',
        arguments: { form_data: { llcName: 'SDK LLC', ein: '12-0000000', taxYearBegin: '2024-01-01' } },
      });
      expect(created.isError).toBeFalsy();
      const { id, view_url } = created.structuredContent as { id: string; view_url: string };
      expect(view_url).toBe(`${APP_URL}/filings/${id}`);
      expect(JSON.parse((created.content as any)[0].text)).toEqual(created.structuredContent);

      const filing = await client.callTool({ name: 'get_filing', arguments: { id } });
      expect(filing.structuredContent).toMatchObject({
        id,
        llc_name: 'SDK LLC',
        tax_year_begin: '2024-01-01',
      });
      await client.callTool({ name: 'update_filing', arguments: { id, form_data: { ownerName: 'Owner' } } });
      const listed = await client.callTool({ name: 'list_filings', arguments: {} });
      expect((listed.structuredContent as any).filings).toHaveLength(1);
      for (const name of ['list_payments', 'list_fax_logs', 'list_partnership_filings']) {
        const result = await client.callTool({ name, arguments: {} });
        expect(result.isError).toBeFalsy();
      }
      const pdf = await client.callTool({ name: 'get_pdf_url', arguments: { id } });
      // A draft filing: the PDF is a draft, and the answer says how far it is from ready.
      expect(pdf.structuredContent).toEqual({
        url: `${APP_URL}/filings/${id}/pdf`,
        kind: '5472',
        ready: false,
        missing_count: expect.any(Number),
        invalid_count: expect.any(Number),
      });
      expect((await client.callTool({ name: 'delete_filing', arguments: { id } })).structuredContent).toEqual(
        { ok: true },
      );

      const missing = await client.callTool({ name: 'get_filing', arguments: { id } });
      expect(missing.isError).toBe(true);
      expect((missing.content as any)[0].text).toBe('Filing not found');
    } finally {
      await client.close();
    }
  });

  it('an unknown key is challenged with 401 already at initialize, so connecting fails', async () => {
    const client = await connect(`nf_${'0'.repeat(64)}`).catch((error) => error);
    // initialize with an invalid credential is challenged too, so connecting fails.
    expect(client).toBeInstanceOf(Error);
    expect(String(client)).toMatch(/401|Unauthorized/);
  });
});
