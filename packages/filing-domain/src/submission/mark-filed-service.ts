import { ToolError } from '@filing-mcp/protocol';
import type { FilingKind } from '../kinds/filing-kinds.js';
import type { LoadIrsForms } from '../loading/load-irs-forms.js';
import type { FilingRepository } from '../storage/filing-repository.js';
import { findAnyFiling } from '../storage/find-any-filing.js';
import { filedAnswer } from './filed-state.js';
import type { FiledReturn, SubmissionStore } from './submission-store.js';

/** What {@link markFiled} works with. */
export interface MarkFiledServices {
  repository: FilingRepository;
  store: SubmissionStore;
  /** Clock in Unix milliseconds: a filing date may not be later than tomorrow. */
  now: () => number;
  irsForms: LoadIrsForms;
}

/** The record a filing has, with whether it is a fax the provider reported delivered. */
type StandingRecord = NonNullable<Awaited<ReturnType<SubmissionStore['filed']>>>;

/** One mark_filed call, its input parsed. */
export interface MarkFiledRequest {
  userId: string;
  filingId: string;
  method: FiledReturn['method'];
  /** The filing date, YYYY-MM-DD (mail: the postmark). */
  date: string;
  /** The tracking or confirmation number, if any. */
  reference: string | null;
  /** Replace an earlier record (never a fax the provider reported delivered). */
  replace: boolean;
}

/**
 * Records a filing made outside the server (mailed, e-filed, or faxed by hand) with its date and
 * optional tracking or confirmation number. Only a method the kind is filed by, and only a filing
 * complete as of that date (irs-forms' `checkFiledRecord`, from the rules table). A filing recorded
 * filed already is recorded again only with `replace`, never over a fax the provider reported
 * delivered; the record replaced stays in `filed.history`. The steps: find, check the date, check
 * the filing, compare with the record, write, answer.
 */
export async function markFiled(services: MarkFiledServices, request: MarkFiledRequest) {
  const { kind, filing } = await findAnyFiling(
    services.repository,
    request.userId,
    request.filingId,
    undefined,
  );
  checkFilingDate(request.date, filing.tax_year_end, services.now());
  const check = (await services.irsForms()).checkFiledRecord(
    kind,
    filing.form_data,
    request.method,
    request.date,
  );
  if (!check.ok) throw new ToolError(check.reason);
  const current = await services.store.filed(request.userId, request.filingId);
  if (sameRecord(current, request)) {
    return answer(
      services,
      request,
      kind,
      `Already recorded as filed by ${request.method} on ${request.date}; nothing changed.`,
    );
  }
  if (current !== null) refuseReplacing(current, request.replace);
  await writeRecord(services.store, request, kind);
  const replaced =
    current === null
      ? ''
      : ` It replaced the record of ${current.method} on ${current.date}, which get_filing keeps in submissions.filed.history.`;
  return answer(
    services,
    request,
    kind,
    `Recorded as filed by ${request.method} on ${request.date}.${replaced}${check.notes.map((note) => ` ${note}`).join('')}`,
  );
}

/** A filing date is no later than tomorrow (the filer's calendar may be a day ahead of UTC) and after the tax year. */
function checkFilingDate(date: string, taxYearEnd: string | null, now: number): void {
  const today = new Date(now).toISOString().slice(0, 10);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  if (date > tomorrow) throw new ToolError(`date ${date} is in the future: give the day it was filed`);
  if (taxYearEnd !== null && date <= taxYearEnd) {
    throw new ToolError(
      `date ${date} is not after the tax year's end (${taxYearEnd}): a return is filed after its tax year ends`,
    );
  }
}

function sameRecord(current: FiledReturn | null, request: MarkFiledRequest): boolean {
  return (
    current !== null &&
    current.method === request.method &&
    current.date === request.date &&
    current.reference === request.reference
  );
}

/** Another record stands: never replaced over a delivered fax, otherwise only with `replace`. */
function refuseReplacing(current: StandingRecord, replace: boolean): void {
  const recorded = `filed by ${current.method} on ${current.date}${current.reference === null ? '' : ` (${current.reference})`}`;
  if (current.delivered_fax) {
    throw new ToolError(
      `This filing is recorded as ${recorded}: the fax provider reported that fax delivered to the IRS, so that record is never replaced. Nothing was changed. A correction to the return means an amended return.`,
    );
  }
  if (!replace) {
    throw new ToolError(
      `This filing is already recorded as ${recorded}. Nothing was changed. To replace that record (get_filing keeps it in submissions.filed.history), call mark_filed again with replace: true.`,
    );
  }
}

async function writeRecord(
  store: SubmissionStore,
  request: MarkFiledRequest,
  kind: FilingKind,
): Promise<void> {
  const written = await store.markFiled({
    userId: request.userId,
    filingId: request.filingId,
    kind,
    method: request.method,
    date: request.date,
    reference: request.reference,
    replace: request.replace,
  });
  if (!written) {
    throw new ToolError(
      'The filing was recorded as filed by another call meanwhile. Nothing was changed: call get_filing to see the record, then mark_filed again if it must be replaced.',
    );
  }
}

/** The record as it stands now, with the proof to keep. */
async function answer(
  services: MarkFiledServices,
  request: MarkFiledRequest,
  kind: FilingKind,
  message: string,
) {
  const filed = await services.store.filed(request.userId, request.filingId);
  const shown = await filedAnswer(filed!, services.irsForms);
  return { kind, filed: shown, message: `${message} Keep the proof: ${shown.proof}` };
}
