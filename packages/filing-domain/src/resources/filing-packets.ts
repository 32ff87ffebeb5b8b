import type { FilingKind } from '../kinds/filing-kinds.js';
import type { CheckedSignedCopy } from '@filing-mcp/irs-forms/pdf';
import { loadIrsPdf } from '../loading/loaders.js';
import type { PacketSource } from '../storage/records.js';
import { type PacketBuildLimits, PacketBuilds, type PacketBuildStats } from './packet-builds.js';

export type { PacketSource } from '../storage/records.js';

/** Options of one build: the day the packet is for, and the signal that cancels it. */
export interface PacketBuildOptions {
  /** YYYY-MM-DD (UTC): what the packet says depends on it (Form 7004 left out once its due date has passed). */
  asOf?: string;
  /** Aborted when the build is no longer wanted; a builder may stop on it. */
  signal?: AbortSignal;
  /** One part of the packet: `file` (the return, all that is sent) or `owner` (cover page, Form 7004, worksheets). */
  section?: PacketSection;
}

/** The two parts of a packet (irs-forms' IRS_RULES.packetParts). */
export type PacketSection = 'file' | 'owner';

/** One form of a built PDF and its pages (irs-forms' `PacketContent`). */
export interface BuiltPacketContent {
  section: PacketSection;
  form: string;
  first_page: number;
  pages: number;
}

/** A built packet: the PDF, and the form editions it used when the builder says. */
export interface BuiltPacket {
  pdf: Uint8Array;
  /** What the PDF holds, form by form, when the builder says (irs-forms' builder does). */
  contents?: ReadonlyArray<BuiltPacketContent>;
  /** check_filing's `ready` for the packet's day, when the builder says: false marks every page DRAFT. */
  ready?: boolean;
  editions?: ReadonlyArray<{ form: string; edition: string }>;
}

/** One PDF of the per-form download (the ZIP). */
export interface BuiltPacketFile {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * One signed copy to check: its files, and the unsigned pages it must be a signed copy of (a PDF).
 * In two stages (irs-forms' `SignedCopyCheckInput`): without `expected`, only the bounds and the
 * rebuild, so a copy past its bounds is refused before any packet is built; then the rebuilt PDF
 * (`rebuilt`) against the expected pages.
 */
export interface SignedCopyJob {
  files: ReadonlyArray<{ bytes: Uint8Array; name?: string }>;
  expected?: Uint8Array;
  /** `files` is the one PDF the first stage answered: compared only, not checked or rebuilt again. */
  rebuilt?: boolean;
  /** What the answer calls the expected pages ("the part to file"). */
  expectedName?: string;
  /** What the expected pages hold, form by form, for the answer. */
  expectedContents?: string;
  /** Where to get the expected pages, for the answer. */
  expectedSource?: string;
  /** What the copy must leave out, for the answer. */
  expectedWithout?: string;
}

export type { CheckedSignedCopy } from '@filing-mcp/irs-forms/pdf';

/**
 * The packet port: builds the packet of official IRS forms of a filing, as bytes, or fails with
 * irs-forms' `PacketTooLargeError` or `UnprintableTextError` (or `PacketsBusyError` `worker`).
 * The adapter supplies it, since only the adapter can read the templates: the Node adapter a pool
 * of worker threads (`createPacketWorker`), Vercel and Lambda irs-forms' in-process
 * `PacketBuilder` class, which has this shape. The core's downloads, the MCP packet resources and
 * the companion's PDF links all reach it through one {@link FilingPackets} (cache, queue, limits).
 */
export interface PacketBuilder {
  build(
    kind: FilingKind,
    formData: Record<string, unknown>,
    options?: PacketBuildOptions,
  ): Promise<BuiltPacket>;
  /** One PDF per form, for the companion's ZIP download. */
  buildFiles?(
    kind: FilingKind,
    formData: Record<string, unknown>,
    options?: PacketBuildOptions,
  ): Promise<BuiltPacketFile[]>;
  /**
   * Checks a signed copy (irs-forms' `checkSignedCopy`: bounds, the PDF rebuilt without active
   * content, the checks against the expected pages) where packets are built: the Node adapter's
   * worker threads. Without it the check runs in process.
   */
  signedCopy?(job: SignedCopyJob, options?: { signal?: AbortSignal }): Promise<CheckedSignedCopy>;
}

/**
 * The packets of filings, built through one {@link PacketBuilds}: cached by (filing, kind, format,
 * last change, as-of day), one build per key at a time, queued with a bound. Shared by the MCP
 * resources, the signed download links and the companion's PDF links of one process.
 */
export interface FilingPackets {
  /** The whole packet as one PDF, or by `section` one part of it (the part to file: what is signed and sent). */
  pdf(
    kind: FilingKind,
    filing: PacketSource,
    signal?: AbortSignal,
    section?: PacketSection,
  ): Promise<BuiltPacket>;
  /** One PDF per form (the builder must have `buildFiles`). */
  files(kind: FilingKind, filing: PacketSource, signal?: AbortSignal): Promise<BuiltPacketFile[]>;
  /**
   * Checks a signed copy of `userId`'s filing through the same bounded queue (never cached): on
   * the builder's `signedCopy` (the packet workers), else in process.
   */
  signedCopy(userId: string, job: SignedCopyJob, signal?: AbortSignal): Promise<CheckedSignedCopy>;
  /** Counters (builds, cache hits, joined callers, refusals) and the current load. */
  stats(): PacketBuildStats;
}

/** Tells a {@link FilingPackets} from a bare {@link PacketBuilder}. */
export function isFilingPackets(value: PacketBuilder | FilingPackets): value is FilingPackets {
  return (
    typeof (value as FilingPackets).pdf === 'function' && typeof (value as FilingPackets).stats === 'function'
  );
}

function utcDay(milliseconds: number): string {
  return new Date(milliseconds).toISOString().slice(0, 10);
}

/**
 * Puts a packet builder behind the cache and the bounded queue (see {@link FilingPackets}).
 *
 * @example
 * ```ts
 * const packets = createFilingPackets(createPacketWorker(), { concurrency: 2 });
 * const { pdf } = await packets.pdf('5472', filingRow, request.signal);
 * ```
 */
export function createFilingPackets(
  builder: PacketBuilder,
  options: { limits?: Partial<PacketBuildLimits>; now?: () => number } = {},
): FilingPackets {
  const builds = new PacketBuilds(options.limits);
  const now = options.now ?? Date.now;
  let signedCopies = 0;
  // Everything a packet depends on: the filing and its last change, the kind, the format, and
  // the day it is for (readiness and the forms left out depend on the date as well as the data).
  const keyOf = (format: string, kind: FilingKind, filing: PacketSource, asOf: string) =>
    `${format}\n${kind}\n${filing.id}\n${filing.updated_at}\n${filing.extension_changed_at ?? ''}\n${asOf}`;
  return {
    pdf(kind, filing, signal, section) {
      const asOf = utcDay(now());
      return builds.run({
        key: keyOf(section === undefined ? 'pdf' : `pdf-${section}`, kind, filing, asOf),
        userId: filing.user_id,
        signal,
        build: (buildSignal) =>
          builder.build(kind, filing.form_data, {
            asOf,
            signal: buildSignal,
            ...(section !== undefined && { section }),
          }),
        bytes: (packet) => packet.pdf.byteLength,
      });
    },
    files(kind, filing, signal) {
      const buildFiles = builder.buildFiles;
      if (buildFiles === undefined)
        return Promise.reject(new TypeError('this packet builder has no buildFiles'));
      const asOf = utcDay(now());
      return builds.run({
        key: keyOf('files', kind, filing, asOf),
        userId: filing.user_id,
        signal,
        build: (buildSignal) =>
          buildFiles.call(builder, kind, filing.form_data, { asOf, signal: buildSignal }),
        bytes: (files) => files.reduce((total, file) => total + file.bytes.byteLength, 0),
      });
    },
    signedCopy(userId, job, signal) {
      return builds.run({
        key: `signed-copy\n${++signedCopies}`,
        userId,
        signal,
        cache: false,
        build: async (buildSignal) =>
          builder.signedCopy === undefined
            ? (await loadIrsPdf()).checkSignedCopy(job)
            : builder.signedCopy(job, { signal: buildSignal }),
        bytes: (checked) => checked.pdf.byteLength,
      });
    },
    stats: () => builds.stats(),
  };
}
