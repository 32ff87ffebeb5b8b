// Preloaded (node --import) into a server under test that runs in its own process (the Vercel and
// Lambda runtimes): Date.now() and `new Date()` follow real time plus the offset the test wrote to
// the file named by FILING_MCP_TEST_CLOCK_FILE, so the conformance clock moves that server's time
// too (see createProcessClock).
import { readFileSync } from 'node:fs';

const file = process.env.FILING_MCP_TEST_CLOCK_FILE;
if (file) {
  const realNow = Date.now;
  const offset = () => Number(readFileSync(file, 'utf8')) || 0;
  const RealDate = Date;
  Date.now = () => realNow() + offset();
  globalThis.Date = class extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(Date.now());
      else super(...args);
    }
    static now() {
      return realNow() + offset();
    }
  };
}
