import { describe, expect, it } from 'vitest';
import { lazyOnce } from '../src/internal.js';

describe('lazyOnce', () => {
  it('builds once for concurrent and later calls', async () => {
    let builds = 0;
    const value = lazyOnce(async () => ++builds);
    expect(await Promise.all([value(), value()])).toEqual([1, 1]);
    expect(await value()).toBe(1);
    expect(builds).toBe(1);
  });

  it('forgets a failed build, so the next call tries again', async () => {
    let builds = 0;
    const value = lazyOnce(async () => {
      builds += 1;
      if (builds === 1) throw new Error('database down');
      return 'open';
    });
    await expect(value()).rejects.toThrow('database down');
    expect(await value()).toBe('open');
    expect(await value()).toBe('open');
    expect(builds).toBe(2);
  });
});
