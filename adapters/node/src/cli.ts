#!/usr/bin/env node
import { runCli } from './cli/run-cli.js';
import { currentEnvironment } from './settings.js';

const code = await runCli(process.argv.slice(2), {
  env: currentEnvironment(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exitCode = code;
// Normally nothing is left running and the process ends by itself; should a handle linger (a pool
// socket, a timer of a dependency), end anyway. Unref'd, so it never delays a clean exit.
setTimeout(() => process.exit(code), 2000).unref();
