#!/usr/bin/env node
// The `filing-mcp` command. A committed file rather than dist/cli.js itself, so that `pnpm install`
// can link the bin before the package is built (it warned "Failed to create bin" otherwise).
import '../dist/cli.js';
