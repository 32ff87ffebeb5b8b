import { describe, expect, it } from 'vitest';
import { forbiddenResponse, internalErrorResponse } from '../src/index.js';
import { lazyOnce } from '../src/internal.js';

describe('internalErrorResponse', () => {
  it('answers 500 with the interface error shape, CORS and no-store, naming no cause', async () => {
    const response = internalErrorResponse();
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({ code: 500, message: 'Internal server error' });
  });

  it('is a new response each time (a body can be read once)', async () => {
    const first = internalErrorResponse();
    await first.text();
    expect(await internalErrorResponse().json()).toEqual({ code: 500, message: 'Internal server error' });
  });
});

describe('forbiddenResponse', () => {
  it.each(['host', 'origin'] as const)('answers 403 naming the refused %s header', async (violation) => {
    const response = forbiddenResponse(violation);
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      code: 403,
      message: `Forbidden: ${violation === 'host' ? 'Host' : 'Origin'} not allowed`,
    });
  });
});

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
