#!/usr/bin/env node
// The `filing-mcp` command. A committed file rather than dist/cli.js itself, so that `pnpm install`
// can link the bin before the package is built (it warned "Failed to create bin" otherwise).
// The Node.js version is checked first; the CLI is imported only then (a static import would load
// it, and whatever it needs of a newer Node, before the check runs).
import './check-node.js';

await import('../dist/cli.js');
