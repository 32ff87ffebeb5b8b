/**
 * A client's first message: JSON-RPC `initialize` at protocol version 2025-06-18, for tests that
 * only need a server to answer it.
 */
export const INITIALIZE_REQUEST = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'vitest', version: '1' },
  },
} as const;
