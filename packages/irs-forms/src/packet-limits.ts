import { IrsFormsError } from './irs-forms-error.js';

/** The most a filing packet may hold: {@link PACKET_LIMITS}. */
export interface PacketLimits {
  /** Pages of the whole packet (every form, statement and letter). */
  maxPages: number;
  /** Bytes of the packet's PDF (of all the files together, for the ZIP download). */
  maxBytes: number;
}

/**
 * The bounds of every packet, whatever the stored data: a packet over them is refused with a
 * {@link PacketTooLargeError} rather than built. The largest packet the tools accept (a pro forma
 * 1120, 50 Forms 5472 with their Part V statements, Form 7004 and the letter; or a Form 1065 with
 * 100 Schedules K-1 and its worksheet) is a few hundred pages and well under a megabyte, so the
 * bounds leave room for the forms to grow and still keep one request from holding the server's
 * memory and CPU (a filing of 1,000 related parties once built a 336 MB packet in 29 s).
 */
export const PACKET_LIMITS: Readonly<PacketLimits> = Object.freeze({
  maxPages: 1_000,
  maxBytes: 16 * 1024 * 1024,
});

/** A packet would exceed {@link PACKET_LIMITS}; nothing of it is returned. */
export class PacketTooLargeError extends IrsFormsError {
  override readonly name = 'PacketTooLargeError';
  readonly code = 'packet_too_large';
  /** Which bound: `pages` or `bytes`. */
  readonly limit: 'pages' | 'bytes';
  /** The packet's pages or bytes (at least; building stops at the bound). */
  readonly actual: number;
  /** The bound. */
  readonly max: number;

  constructor(limit: 'pages' | 'bytes', actual: number, max: number) {
    const unit = limit === 'pages' ? 'pages' : 'bytes';
    super(
      `The packet would have ${actual.toLocaleString('en-US')} ${unit}, more than the ${max.toLocaleString('en-US')} ${unit} a packet may hold: list fewer related parties (form_data.relatedParties) or partners (form_data.partners)`,
    );
    this.limit = limit;
    this.actual = actual;
    this.max = max;
  }
}
