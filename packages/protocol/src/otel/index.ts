export {
  createMcpTelemetry,
  MCP_SEMANTIC_CONVENTIONS,
  type McpTelemetry,
  type McpTelemetryOptions,
  OTHER,
  traceParentOf,
} from './mcp-telemetry.js';
