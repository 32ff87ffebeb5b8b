import { createMcpServer } from '@filing-mcp/protocol';
import { it } from 'vitest';
import { createFilingTools } from '../src/tools/filing-tools.js';
it('measure', async () => {
  const server = createMcpServer({ serverInfo: { name: 'filing-mcp', version: '1.1.0' }, tools: createFilingTools({ db: {} as any, appUrl: 'https://app.example.test' }), authenticate: async () => ({ userId: 'u' }) });
  const r = await server.fetch(new Request('https://api.example.test/mcp-server', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }));
  const { result } = (await r.json()) as any;
  console.log('BYTES', new TextEncoder().encode(JSON.stringify(result)).length);
  const t = result.tools.find((x: any) => x.name === 'create_partnership_filing');
  console.log(JSON.stringify(t.inputSchema.properties.form_data.properties.scheduleB));
  console.log(JSON.stringify(t.inputSchema.properties.form_data.properties.deductions));
});
