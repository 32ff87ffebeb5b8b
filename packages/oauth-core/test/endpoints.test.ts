import { describe, expect, it } from 'vitest';
import { oauthEndpointPaths } from '../src/index.js';
import { OAUTH_ENDPOINTS } from '../src/endpoints.js';

describe('OAUTH_ENDPOINTS', () => {
  it('lists the five endpoints with their methods', () => {
    expect(OAUTH_ENDPOINTS.map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /register',
      'GET /authorize',
      'POST /approve',
      'POST /token',
      'POST /revoke',
    ]);
  });

  it('maps full paths under a base path to endpoint names', () => {
    const paths = oauthEndpointPaths('/mcp');
    expect(paths.get('/mcp/token')).toBe('token');
    expect(paths.get('/mcp/approve')).toBe('approve');
    expect(paths.get('/token')).toBeUndefined();
    expect(paths.size).toBe(5);
  });
});
