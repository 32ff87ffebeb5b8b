import { loadOAuthCore } from '../loading/loaders.js';

function basicClientId(authorization: string | null): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match) return undefined;
  try {
    const decoded = atob(match[1]!);
    const colon = decoded.indexOf(':');
    return colon <= 0 ? undefined : decodeURIComponent(decoded.slice(0, colon));
  } catch {
    return undefined;
  }
}

/** The body of a clone (so the OAuth server still reads it), or undefined past oauth-core's bound or not UTF-8. */
async function cloneText(request: Request): Promise<string | undefined> {
  try {
    const { readBodyText } = await loadOAuthCore();
    return await readBodyText(request.clone(), () => new Error('unreadable'));
  } catch {
    return undefined;
  }
}

/**
 * The client a `/token` request names (HTTP Basic credentials, else the body's `client_id`, form
 * or JSON), read from a clone so that the OAuth server still reads the body; undefined when it
 * names none. Only a rate-limit key: the OAuth server authenticates the client itself.
 */
export async function tokenRequestClientId(request: Request): Promise<string | undefined> {
  const fromHeader = basicClientId(request.headers.get('authorization'));
  if (fromHeader !== undefined) return fromHeader;
  const text = await cloneText(request);
  if (text === undefined) return undefined;
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  let clientId: unknown;
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      clientId = (JSON.parse(text) as { client_id?: unknown } | null)?.client_id;
    } catch {
      return undefined;
    }
  } else {
    clientId = new URLSearchParams(text).get('client_id');
  }
  return typeof clientId === 'string' && clientId !== '' ? clientId : undefined;
}
