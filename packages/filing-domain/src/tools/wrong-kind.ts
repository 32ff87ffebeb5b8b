import { ToolError } from '@filing-mcp/protocol';
import type { FilingRepository } from '../storage/filing-repository.js';
import { FILING_NOT_FOUND } from './tool-options.js';
import type { FilingKind } from '../forms/form-schema-descriptor.js';

/** The tools that act on one kind of filing, by action, so a wrong-kind error can name its twin. */
const KIND_TOOLS: Readonly<Record<'get' | 'update' | 'delete', Readonly<Record<FilingKind, string>>>> = {
  get: { '5472': 'get_filing', partnership: 'get_partnership_filing' },
  update: { '5472': 'update_filing', partnership: 'update_partnership_filing' },
  delete: { '5472': 'delete_filing', partnership: 'delete_partnership_filing' },
};

const KIND_NAMES: Readonly<Record<FilingKind, string>> = {
  '5472': 'a single-member (5472) filing',
  partnership: 'a partnership filing',
};

/**
 * The text of a call that sent a filing of the other kind to a kind-specific tool: it names the
 * tool that takes it, e.g. `<id> is a partnership filing, not a single-member (5472) filing: call
 * get_partnership_filing`.
 */
export function wrongKindText(action: keyof typeof KIND_TOOLS, expected: FilingKind, id: string): string {
  const actual: FilingKind = expected === '5472' ? 'partnership' : '5472';
  return `${id} is ${KIND_NAMES[actual]}, not ${KIND_NAMES[expected]}: call ${KIND_TOOLS[action][actual]}`;
}

/**
 * The error of a kind-specific tool that found no filing of its kind: `Filing not found` when the
 * user has no filing with that id at all (another user's included), or the wrong-kind text naming
 * the right tool when the id is one of the user's filings of the other kind.
 */
export async function filingNotFoundError(
  repository: FilingRepository,
  action: keyof typeof KIND_TOOLS,
  expected: FilingKind,
  userId: string,
  id: string,
): Promise<ToolError> {
  const actual = await repository.findFilingKind(userId, id, expected);
  if (actual === undefined || actual === expected) return new ToolError(FILING_NOT_FOUND);
  return new ToolError(wrongKindText(action, expected, id));
}
