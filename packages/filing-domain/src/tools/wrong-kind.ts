import { ToolError } from '@filing-mcp/protocol';
import { FILING_KIND_LIST, kindRecord, type FilingKind } from '../kinds/filing-kinds.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { FILING_NOT_FOUND } from '../storage/find-any-filing.js';

/** The actions of a kind-specific tool that a wrong-kind error names the twin of. */
type KindAction = 'get' | 'update' | 'delete';

function toolOf(action: KindAction, kind: FilingKind): string {
  const tools = kindRecord(kind).tools;
  return action === 'update' ? tools.update : tools[action].name;
}

/**
 * The text of a call that sent a filing of another kind (`actual`; by default the first kind that
 * is not `expected`) to a kind-specific tool: it names the tool that takes it, e.g. `<id> is a
 * partnership filing, not a single-member (5472) filing: call get_partnership_filing`.
 */
export function wrongKindText(
  action: KindAction,
  expected: FilingKind,
  id: string,
  actual: FilingKind = FILING_KIND_LIST.find((kind) => kind !== expected)!,
): string {
  return `${id} is ${kindRecord(actual).errorName}, not ${kindRecord(expected).errorName}: call ${toolOf(action, actual)}`;
}

/**
 * The error of a kind-specific tool that found no filing of its kind: `Filing not found` when the
 * user has no filing with that id at all (another user's included), or the wrong-kind text naming
 * the right tool when the id is one of the user's filings of another kind.
 */
export async function filingNotFoundError(
  repository: FilingRepository,
  action: KindAction,
  expected: FilingKind,
  userId: string,
  id: string,
): Promise<ToolError> {
  const actual = await repository.findFilingKind(userId, id, expected);
  if (actual === undefined || actual === expected) return new ToolError(FILING_NOT_FOUND);
  return new ToolError(wrongKindText(action, expected, id, actual));
}
