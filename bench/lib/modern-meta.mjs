// MCP 2026-07-28: the per-request `_meta` every request of the benchmarks carries.

export const MODERN_VERSION = '2026-07-28';

export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
};
