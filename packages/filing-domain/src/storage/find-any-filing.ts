import { ToolError } from '@filing-mcp/protocol';
import { resolveFilingKind } from '../forms/form-schema-descriptor.js';
import { DEFAULT_FILING_KIND, type FilingKind } from '../kinds/filing-kinds.js';
import { type FilingRepository, filingTable } from './filing-repository.js';

/** The error message the spec names for a missing filing or another user's filing. */
export const FILING_NOT_FOUND = 'Filing not found';

/**
 * A filing of either kind by id, for its owner: the kind the agent names (default `5472`) is only
 * a hint, the server finds the filing's collection itself. Another user's filing and a missing one
 * are the spec's "Filing not found" tool error.
 */
export async function findAnyFiling(
  repository: FilingRepository,
  userId: string,
  id: string,
  kindArgument: string | undefined,
) {
  const kind = await kindOf(repository, userId, id, kindArgument);
  const filing = kind && (await repository.getFiling(filingTable(kind), userId, id));
  if (!kind || !filing) throw new ToolError(FILING_NOT_FOUND);
  return { kind, filing };
}

/**
 * {@link findAnyFiling}'s filing as its packet is drawn from (`packetSource`: a paid Form 7004
 * extension included), for check_filing: the forms it lists are the packet's.
 */
export async function findAnyPacketSource(
  repository: FilingRepository,
  userId: string,
  id: string,
  kindArgument: string | undefined,
) {
  const kind = await kindOf(repository, userId, id, kindArgument);
  const source = kind && (await repository.packetSource(kind, id, userId));
  if (!kind || !source) throw new ToolError(FILING_NOT_FOUND);
  return { kind, source };
}

/** The collection that holds the user's filing `id`, looked in first where the agent's hint points. */
function kindOf(repository: FilingRepository, userId: string, id: string, kindArgument: string | undefined) {
  const preferred: FilingKind = resolveFilingKind(kindArgument ?? DEFAULT_FILING_KIND) ?? DEFAULT_FILING_KIND;
  return repository.findFilingKind(userId, id, preferred);
}
