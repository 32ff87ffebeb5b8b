import type { FilingDatabase } from '../storage/database.js';
import { faxFilingDay } from '@filing-mcp/irs-forms';
import { type Kysely, sql } from 'kysely';
import { FAX_STATUS_RANK, type FaxStatus } from './submission-store.js';

/** A fax status event, in our words (a provider file translates its own into this). */
export interface FaxEvent {
  /** The provider's event id: an event seen before changes nothing. */
  eventId: string;
  /** The provider's fax id. */
  faxId: string;
  status: Exclude<FaxStatus, 'submitting'>;
  /** When the event happened (the provider's clock). */
  occurredAt: Date;
  pagesSent?: number;
  failureReason?: string;
}

/**
 * How far an event's own date may sit outside its fax's window (from the fax log's `created_at` to
 * the event's arrival) before it is taken for a wrong one: one minute, for the clocks of this
 * server, its database and the provider, which are not the same clock.
 */
export const FAX_EVENT_CLOCK_SLACK_MS = 60_000;

/** An event's date as it is applied: its own, or its arrival when its own is implausible. */
export interface BoundedEventDate {
  occurredAt: Date;
  /** Set when the event's own date lay outside its fax's window and its arrival replaced it. */
  replaced?: { claimed: string; reason: 'before_fax_sent' | 'after_arrival' };
}

/**
 * Bounds an event's date by what the fax can have done: nothing before the fax log was created
 * (when send_fax handed it to the provider) and nothing after the event arrived here. The date in
 * the body becomes the fax's completion time and, for `delivered`, the day the filing counts as
 * filed; a date outside that window (with {@link FAX_EVENT_CLOCK_SLACK_MS}) is replaced by the
 * arrival, which the caller logs. A fax this server does not know keeps the event's date (nothing
 * is applied to it).
 */
export async function boundEventDate(
  db: Kysely<FilingDatabase>,
  provider: string,
  event: FaxEvent,
  arrivedAt: Date,
): Promise<BoundedEventDate> {
  const claimed = event.occurredAt.getTime();
  if (claimed > arrivedAt.getTime() + FAX_EVENT_CLOCK_SLACK_MS) {
    return {
      occurredAt: arrivedAt,
      replaced: { claimed: event.occurredAt.toISOString(), reason: 'after_arrival' },
    };
  }
  const fax = await db
    .selectFrom('fax_logs')
    .select('created_at')
    .where('provider', '=', provider)
    .where('provider_fax_id', '=', event.faxId)
    .executeTakeFirst();
  const sent = fax === undefined ? undefined : new Date(fax.created_at as Date | string).getTime();
  if (sent !== undefined && claimed < sent - FAX_EVENT_CLOCK_SLACK_MS) {
    return {
      occurredAt: arrivedAt,
      replaced: { claimed: event.occurredAt.toISOString(), reason: 'before_fax_sent' },
    };
  }
  return { occurredAt: event.occurredAt };
}

/** What applying an event did. */
export type FaxEventOutcome = 'applied' | 'duplicate' | 'stale' | 'unknown_fax';

/**
 * Applies one fax event in one statement (so a retry after a failure starts from nothing): records
 * its id, moves the fax log forward (never back: a status of lower or equal rank is stale), sets
 * `pages_sent`, `completed_at` and `failure_reason`, and for `delivered` records the filing as filed
 * by fax on the day the fax arrived (in Ogden, Utah), unless it was recorded filed already.
 */
export async function applyFaxEvent(
  db: Kysely<FilingDatabase>,
  provider: string,
  event: FaxEvent,
): Promise<FaxEventOutcome> {
  const rank = FAX_STATUS_RANK[event.status];
  const final = event.status === 'delivered' || event.status === 'failed';
  const filedOn = faxFilingDay(event.occurredAt);
  const result = await sql<{ fresh: boolean; known: boolean; updated: boolean }>`
    with event as (
      insert into fax_webhook_events (provider, event_id) values (${provider}, ${event.eventId})
      on conflict do nothing
      returning event_id
    ), fax as (
      update fax_logs set
        status = ${event.status},
        status_rank = ${rank},
        pages_sent = coalesce(${event.pagesSent ?? null}::int, pages_sent),
        completed_at = case when ${final} then ${event.occurredAt.toISOString()}::timestamptz else completed_at end,
        failure_reason = case when ${event.status === 'failed'} then ${event.failureReason ?? 'failed'} else failure_reason end,
        updated_at = now()
      where provider = ${provider} and provider_fax_id = ${event.faxId} and status_rank < ${rank}
        and exists (select 1 from event)
      returning id, user_id, filing_id, kind, status
    ), filed as (
      insert into filed_returns (filing_id, user_id, kind, method, filed_on, reference, fax_log_id)
      select filing_id, user_id, kind, 'fax', ${filedOn}::date, ${`fax ${event.faxId}`}, id
        from fax where status = 'delivered' and filing_id is not null and kind is not null
      on conflict (filing_id) do nothing
      returning filing_id
    )
    select exists (select 1 from event) as fresh,
           exists (select 1 from fax_logs where provider = ${provider} and provider_fax_id = ${event.faxId}) as known,
           exists (select 1 from fax) as updated,
           (select count(*) from filed) as filed`.execute(db);
  const row = result.rows[0]!;
  if (!row.known) return 'unknown_fax';
  if (!row.fresh) return 'duplicate';
  return row.updated ? 'applied' : 'stale';
}
