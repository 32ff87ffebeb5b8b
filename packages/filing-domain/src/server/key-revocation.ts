import { deleteApiKey } from '../auth/api-keys.js';
import type { ServerBasics } from './server-basics.js';

/**
 * An API key's revocation, loaded by the first (`loadKeyRevocation`): its row deleted, then its hash
 * out of the server's one credential cache, which exists from the start, so that the key is refused
 * at once in this process whether or not it was ever checked here. Answers whether a key was deleted.
 */
export async function revokeApiKey(basics: ServerBasics, id: string, userId?: string): Promise<boolean> {
  const keyHash = await deleteApiKey(await basics.lazyDb(), id, userId);
  if (keyHash === undefined) return false;
  basics.cache.delete(keyHash);
  return true;
}
