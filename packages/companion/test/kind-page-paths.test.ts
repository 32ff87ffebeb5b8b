// The companion's page paths follow the kinds: each kind's `/{page}/` needs the sign-in, from its
// record, so a kind registered beside FILING_KINDS has its pages guarded with no edit here.
import { defineFilingKind, FILING_KINDS } from '@filing-mcp/filing-domain';
import { describe, expect, it } from 'vitest';
import { companionPagePath } from '../src/companion-app.js';

describe('the companion page paths', () => {
  it('of FILING_KINDS are the fixed pages and /filings/, /partnership/', () => {
    expect(companionPagePath().source).toBe(
      /^(?:\/?$|\/oauth\/authorize$|\/sign-out$|\/api-keys(?:\/|$)|\/billing(?:\/|$)|\/filings\/|\/partnership\/)/
        .source,
    );
  });

  it('of a kind registered beside them hold its page, and no other', () => {
    const third = defineFilingKind({
      ...FILING_KINDS[0],
      kind: 'third',
      table: 'third_filings',
      page: 'third',
    });
    const paths = companionPagePath([...FILING_KINDS, third]);
    expect(paths.test('/third/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(paths.test('/filings/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(paths.test('/thirds/0f8fad5b')).toBe(false);
    expect(companionPagePath().test('/third/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(false);
  });
});
