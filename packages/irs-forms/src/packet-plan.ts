import type { FormId } from './form-edition.js';
import { FormRegistry } from './form-edition.js';
import { DEFAULT_EDITIONS } from './editions/index.js';
import { yearOf } from './field-text.js';
import { type FilingKind, rulesOf } from './filing-kinds.js';
import type { PacketDraft } from './kind-rules.js';
import { todayUtc } from './lateness.js';
import { type OmittedForm, type PacketPart, slug } from './packet-parts.js';

export type {
  OmittedForm,
  PacketPart,
  PlannedCover,
  PlannedForm,
  PlannedLetter,
  PlannedSection199A,
  PlannedStatement,
  PlannedWorksheet,
} from './packet-parts.js';

/**
 * The two parts of a packet (IRS_RULES.packetParts): `file`, the return the IRS gets (pro forma
 * 1120, each 5472 with its statements, the reasonable-cause statement; Form 1065 and its K-1s),
 * and `owner`, what is never sent with it (the cover page, the Form 7004, any worksheet).
 */
export type PacketSection = 'file' | 'owner';

/** The part of the packet a planned part belongs to (IRS_RULES.packetParts). */
export function sectionOf(part: PacketPlan['parts'][number]): PacketSection {
  if (part.kind === 'cover' || part.kind === 'worksheet') return 'owner';
  if (part.kind === 'form' && part.edition.form === '7004') return 'owner';
  return 'file';
}

/** Everything a packet holds, in filing order, before any PDF work. */
export interface PacketPlan {
  filingKind: FilingKind;
  parts: PacketPart[];
  /** Forms asked for but left out (Form 7004 after the original due date). */
  omitted: OmittedForm[];
  /** The editions used, one entry per form. */
  editions: Array<{ form: FormId; edition: string }>;
}

let defaultRegistry: FormRegistry | undefined;

/** The registry of the vendored editions (built once, on first use). */
export function defaultFormRegistry(): FormRegistry {
  defaultRegistry ??= new FormRegistry(DEFAULT_EDITIONS);
  return defaultRegistry;
}

/** An empty packet for `formData` as of `asOf`, its forms taken from `registry`. */
function packetDraft(formData: Record<string, unknown>, registry: FormRegistry, asOf: string): PacketDraft {
  const parts: PacketPart[] = [];
  const omitted: OmittedForm[] = [];
  const index = () => String(parts.length + 1).padStart(2, '0');
  const taxYear = yearOf(typeof formData.taxYearBegin === 'string' ? formData.taxYearBegin : undefined);
  const add = (form: FormId, input: unknown, name: string | undefined) => {
    const edition = registry.select(form, taxYear);
    parts.push({
      kind: 'form',
      edition,
      input,
      fileName: `${index()}-${slug(edition.title)}-${slug(name)}.pdf`,
    });
  };
  return { asOf, parts, omitted, index, add };
}

/** The editions of the forms in `parts`, one entry per form, in filing order: the forms to file, then the owner's (Form 7004). */
function editionsOf(parts: readonly PacketPart[]): PacketPlan['editions'] {
  const editions: PacketPlan['editions'] = [];
  const ordered = [
    ...parts.filter((part) => sectionOf(part) === 'file'),
    ...parts.filter((part) => sectionOf(part) === 'owner'),
  ];
  for (const part of ordered) {
    if (part.kind !== 'form') continue;
    if (!editions.some((seen) => seen.form === part.edition.form)) {
      editions.push({ form: part.edition.form, edition: part.edition.edition });
    }
  }
  return editions;
}

/**
 * Which forms a filing needs, with the input of each copy, as its kind's rules plan them
 * (KindRules.plan: `single-member/packet.ts`, `partnership/packet.ts`); a form asked for but left
 * out (a Form 7004 once `asOf` is past the original due date) is in `omitted` with the reason.
 */
export function planPacket(
  filingKind: FilingKind,
  formData: Record<string, unknown>,
  registry: FormRegistry = defaultFormRegistry(),
  asOf: string = todayUtc(),
): PacketPlan {
  const draft = packetDraft(formData, registry, asOf);
  rulesOf(filingKind).plan(formData, draft);
  return { filingKind, parts: draft.parts, omitted: draft.omitted, editions: editionsOf(draft.parts) };
}
