import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { McpError } from '../src/index.js';
import { paginate } from '../src/primitives/pagination.js';

describe('paginate', () => {
  it('walks every item exactly once, in order, whatever the page size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { maxLength: 60 }),
        fc.integer({ min: 1, max: 20 }),
        (items, pageSize) => {
          const seen: number[] = [];
          let cursor: string | undefined;
          for (let pages = 0; pages < 100; pages++) {
            const page = paginate(items, cursor, pageSize);
            expect(page.items.length).toBeLessThanOrEqual(pageSize);
            seen.push(...page.items);
            cursor = page.nextCursor;
            if (cursor === undefined) break;
          }
          expect(seen).toEqual(items);
        },
      ),
    );
  });

  it('refuses cursors it did not hand out with -32602', () => {
    const items = [1, 2, 3, 4, 5];
    const next = paginate(items, undefined, 2).nextCursor!;
    const foreign = paginate([1, 2, 3, 4, 5, 6, 7], undefined, 2).nextCursor!;
    for (const cursor of ['nope', '', 42, {}, `${next}x`, foreign, btoa('p9.5')]) {
      try {
        paginate(items, cursor, 2);
        throw new Error(`accepted ${String(cursor)}`);
      } catch (error) {
        expect(error).toBeInstanceOf(McpError);
        expect((error as McpError).code).toBe(-32602);
      }
    }
  });
});
