import {
  PDFArray,
  PDFDict,
  PDFDocument,
  type PDFFont,
  PDFName,
  type PDFObject,
  PDFPage,
  StandardFonts,
} from '@cantoo/pdf-lib';
import type { FieldValue, FormEdition, FormRegistry } from '../form-edition.js';
import type { FilingKind } from '../filing-kinds.js';
import {
  defaultFormRegistry,
  type PacketPlan,
  type PacketSection,
  planPacket,
  sectionOf,
} from '../packet-plan.js';
import { PACKET_LIMITS, type PacketLimits, PacketTooLargeError } from '../packet-limits.js';
import { UnprintableTextError, unprintableValues } from '../printable-text.js';
import { includesLateFilingLetter, todayUtc } from '../lateness.js';
import { SINGLE_MEMBER_DUE_DATES } from '../single-member/due-dates.js';
import { checkFilingReadiness, type FilingReadiness } from '../readiness.js';
import { drawCoverPage } from './cover-page.js';
import { markNotReady } from './preparer-mark.js';
import { drawLate1065Letter } from './late-1065-letter.js';
import { drawLateFilingLetter } from './late-filing-letter.js';
import { drawSection199AStatement } from './section-199a-statement.js';
import { drawPartIIStatement, drawPartVIStatement, drawPartVStatement } from './statement-page.js';
import { drawWithholdingWorksheet } from './withholding-worksheet.js';
import { loadTemplate, templateField } from './fill-form.js';
import { type PacketContent, partLabel } from './packet-contents.js';
export type { PacketContent } from './packet-contents.js';

/** Gives the bytes of a template file (`f5472.pdf`): files on Node, bundled assets elsewhere. */
export type TemplateLoader = (fileName: string) => Promise<Uint8Array> | Uint8Array;

/** One filled form (or the letter) as its own PDF. */
export interface PacketFile {
  fileName: string;
  bytes: Uint8Array;
}

/** A built packet: the PDF, what it holds page by page, the form editions it used and the forms it left out (with why). */
export interface Packet {
  pdf: Uint8Array;
  /** The PDF's parts in order, each with its section and pages. */
  contents: PacketContent[];
  /** check_filing's `ready` for the same day: when false, every page carries the draft mark. */
  ready: boolean;
  editions: PacketPlan['editions'];
  omitted: PacketPlan['omitted'];
}

/** Options of one packet. */
export interface BuildOptions {
  /** The day the packet is for (YYYY-MM-DD, default today in UTC): decides whether Form 7004 can still extend. */
  asOf?: string;
  /**
   * One part of the packet (IRS_RULES.packetParts): `file`, the return to sign and send and nothing
   * else; `owner`, the cover page, Form 7004 and worksheets. Default: the whole packet, the part for
   * the owner first.
   */
  section?: PacketSection;
}

interface WidgetBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A template parsed once: its pages without form fields, and where each mapped field sits. */
interface PreparedTemplate {
  doc: PDFDocument;
  pageCount: number;
  boxes: Map<string, WidgetBox[]>;
}

const CONTENTS = PDFName.of('Contents');
const RESOURCES = PDFName.of('Resources');
const FONT = PDFName.of('Font');

/** Pages of one template copied into a packet, with their content and resources before any drawing. */
interface CopiedPages {
  pages: PDFPage[];
  contents: Array<PDFObject | undefined>;
  resources: Array<PDFDict | undefined>;
}

/**
 * A page's resource dictionary with its own font dictionary: every drawing registers its font in
 * the page's `/Font`, and a dictionary shared by the copies of a page would be written out with
 * every copy's entries on every copy (a packet growing with the square of its forms).
 */
function ownResources(resources: PDFDict | undefined, doc: PDFDocument): PDFDict | undefined {
  if (!resources) return undefined;
  const copy = resources.clone(doc.context);
  const fonts = resources.lookupMaybe(FONT, PDFDict);
  if (fonts) copy.set(FONT, fonts.clone(doc.context));
  return copy;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function pageIndexOf(doc: PDFDocument, pageRef: unknown): number {
  return doc.getPages().findIndex((page) => page.ref === pageRef);
}

async function prepareTemplate(edition: FormEdition, bytes: Uint8Array): Promise<PreparedTemplate> {
  const doc = await loadTemplate(bytes);
  const boxes = new Map<string, WidgetBox[]>();
  for (const [key, field] of Object.entries(edition.fields)) {
    const target = templateField(doc, edition, key, field);
    const widgets = target.acroField.getWidgets().map((widget) => {
      const rect = widget.getRectangle();
      const page = pageIndexOf(doc, widget.P());
      return { page: page === -1 ? 0 : page, ...rect };
    });
    boxes.set(key, widgets);
  }
  // Drop the interactive layer once: copies of these pages carry only the printed form, so a
  // packet never drags the field tree along and needs no flattening.
  for (const page of doc.getPages()) page.node.delete(PDFName.of('Annots'));
  doc.catalog.delete(PDFName.of('AcroForm'));
  return { doc, pageCount: doc.getPageCount(), boxes };
}

function fitSize(font: PDFFont, text: string, width: number, height: number, lines: number): number {
  let size = Math.min(9, (height - 1) / (lines * 1.15));
  const widest = Math.max(...text.split('\n').map((line) => font.widthOfTextAtSize(line, 1)));
  if (widest * size > width - 3) size = (width - 3) / widest;
  return Math.max(size, 4);
}

function drawValue(page: PDFPage, font: PDFFont, box: WidgetBox, value: FieldValue): void {
  if (value === true) {
    const size = Math.min(box.width, box.height);
    const width = font.widthOfTextAtSize('X', size);
    page.drawText('X', {
      x: box.x + (box.width - width) / 2,
      y: box.y + (box.height - size * 0.72) / 2,
      size,
      font,
    });
    return;
  }
  if (typeof value !== 'string' || value === '') return;
  const lines = value.split('\n');
  const size = fitSize(font, value, box.width, box.height, lines.length);
  const lineHeight = size * 1.15;
  const top = lines.length === 1 ? box.y + (box.height - size * 0.72) / 2 : box.y + box.height - size;
  lines.forEach((line, index) => {
    page.drawText(line, { x: box.x + 2, y: top - index * lineHeight, size, font });
  });
}

/** Options of {@link PacketBuilder}. */
export interface PacketBuilderOptions {
  loadTemplate: TemplateLoader;
  /** The installed editions; default: the vendored ones. */
  registry?: FormRegistry;
  /** Bounds of a packet; default (and what a server should keep): {@link PACKET_LIMITS}. */
  limits?: Partial<PacketLimits>;
}

/**
 * Builds filing packets from the official templates. Each template is read and parsed once, on
 * first use (never at start-up), its form fields are checked against the edition's map and then
 * dropped; a packet copies the printed pages and draws the values where the fields were, with the
 * standard Helvetica font, so there is nothing to flatten and no font to embed. Work yields to the
 * event loop between forms so that a server stays responsive while packets are built. A packet
 * over its bounds ({@link PACKET_LIMITS}) throws {@link PacketTooLargeError}: the planned pages are
 * counted before any drawing, the drawn ones after each form, and the bytes once saved.
 *
 * @example
 * ```ts
 * const builder = new PacketBuilder({ loadTemplate: (name) => readFile(templatePath(name)) });
 * const { pdf, editions } = await builder.build('5472', filing.form_data);
 * ```
 */
export class PacketBuilder {
  readonly #loadTemplate: TemplateLoader;
  readonly #registry: FormRegistry;
  readonly #limits: PacketLimits;
  readonly #templates = new Map<FormEdition, Promise<PreparedTemplate>>();

  constructor(options: PacketBuilderOptions) {
    this.#loadTemplate = options.loadTemplate;
    this.#registry = options.registry ?? defaultFormRegistry();
    this.#limits = { ...PACKET_LIMITS, ...options.limits };
  }

  #template(edition: FormEdition): Promise<PreparedTemplate> {
    let prepared = this.#templates.get(edition);
    if (!prepared) {
      prepared = Promise.resolve(this.#loadTemplate(edition.template)).then((bytes) =>
        prepareTemplate(edition, bytes),
      );
      // A failed load is not cached: the next packet tries again.
      prepared.catch(() => this.#templates.delete(edition));
      this.#templates.set(edition, prepared);
    }
    return prepared;
  }

  /** The plan of a filing's packet (forms, editions, file names), checked for unprintable text. */
  plan(kind: FilingKind, formData: Record<string, unknown>, options: BuildOptions = {}): PacketPlan {
    const [unprintable] = unprintableValues(formData);
    if (unprintable) throw new UnprintableTextError(unprintable);
    return planPacket(kind, formData, this.#registry, options.asOf);
  }

  /** The whole packet (or, by `options.section`, one part of it) as one PDF. */
  async build(
    kind: FilingKind,
    formData: Record<string, unknown>,
    options: BuildOptions = {},
  ): Promise<Packet> {
    const plan = this.plan(kind, formData, options);
    const { section } = options;
    const parts =
      section === undefined ? plan.parts : plan.parts.filter((part) => sectionOf(part) === section);
    await this.#checkPlannedPages(parts);
    const readiness = this.#readiness(kind, formData, options);
    const doc = await PDFDocument.create({ updateMetadata: false });
    const contents: PacketContent[] = [];
    await this.#addParts(doc, parts, 0, readiness, formData, contents);
    const pdf = await doc.save({ objectsPerTick: 100, useObjectStreams: false });
    this.#checkBytes(pdf.length);
    return { pdf, contents, ready: readiness.ready, editions: plan.editions, omitted: plan.omitted };
  }

  /** One PDF per form (and statement, worksheet and letter), for the ZIP download. */
  async buildFiles(
    kind: FilingKind,
    formData: Record<string, unknown>,
    options: BuildOptions = {},
  ): Promise<PacketFile[]> {
    const plan = this.plan(kind, formData, options);
    await this.#checkPlannedPages(plan.parts);
    const readiness = this.#readiness(kind, formData, options);
    const files: PacketFile[] = [];
    let pages = 0;
    let bytes = 0;
    for (const part of plan.parts) {
      const doc = await PDFDocument.create({ updateMetadata: false });
      await this.#addParts(doc, [part], pages, readiness, formData);
      pages += doc.getPageCount();
      const file = await doc.save({ objectsPerTick: 100, useObjectStreams: false });
      bytes += file.length;
      this.#checkBytes(bytes);
      files.push({ fileName: part.fileName, bytes: file });
    }
    return files;
  }

  /** check_filing's report for the packet's day: decides the draft mark and the cover page's words. */
  #readiness(kind: FilingKind, formData: Record<string, unknown>, options: BuildOptions): FilingReadiness {
    return checkFilingReadiness(kind, formData, this.#registry, options.asOf ?? todayUtc());
  }

  /** Refuses a plan whose forms alone (the templates' pages) exceed the page bound, before drawing. */
  async #checkPlannedPages(parts: PacketPlan['parts']): Promise<void> {
    let pages = 0;
    for (const part of parts) {
      // Letters, statements and worksheets are drawn pages (at least one each); their overflow is
      // counted as they are drawn.
      pages += part.kind === 'form' ? (await this.#template(part.edition)).pageCount : 1;
    }
    this.#checkPages(pages);
  }

  #checkPages(pages: number): void {
    if (pages > this.#limits.maxPages) throw new PacketTooLargeError('pages', pages, this.#limits.maxPages);
  }

  #checkBytes(bytes: number): void {
    if (bytes > this.#limits.maxBytes) throw new PacketTooLargeError('bytes', bytes, this.#limits.maxBytes);
  }

  /**
   * Draws the parts into `doc`; `pagesBefore` are the packet's pages in earlier documents. A
   * filing that is not ready is marked so (markNotReady).
   */
  async #addParts(
    doc: PDFDocument,
    parts: PacketPlan['parts'],
    pagesBefore: number,
    readiness: FilingReadiness,
    formData: Record<string, unknown>,
    contents?: PacketContent[],
  ): Promise<void> {
    const font = doc.embedStandardFont(StandardFonts.Helvetica);
    await this.#drawParts(doc, font, parts, pagesBefore, readiness, contents);
    if (!readiness.ready) markNotReady(doc, font, formData, readiness, pagesBefore === 0);
  }

  async #drawParts(
    doc: PDFDocument,
    font: PDFFont,
    parts: PacketPlan['parts'],
    pagesBefore: number,
    readiness: FilingReadiness,
    contents: PacketContent[] | undefined,
  ): Promise<void> {
    // Pages copied into this document, by template: a second copy of a form reuses the page
    // objects' content streams and resources instead of copying them again.
    const copied = new Map<PreparedTemplate, CopiedPages>();
    for (const part of parts) {
      const before = doc.getPageCount();
      await this.#drawPart(doc, font, part, pagesBefore, readiness, copied);
      const pages = doc.getPageCount() - before;
      contents?.push({ section: sectionOf(part), form: partLabel(part), first_page: before + 1, pages });
    }
  }

  async #drawPart(
    doc: PDFDocument,
    font: PDFFont,
    part: PacketPlan['parts'][number],
    pagesBefore: number,
    readiness: FilingReadiness,
    copied: Map<PreparedTemplate, CopiedPages>,
  ): Promise<void> {
    if (part.kind === 'cover') {
      const hasLetter = includesLateFilingLetter(SINGLE_MEMBER_DUE_DATES, part.filing, readiness.as_of);
      drawCoverPage(doc, font, part.filing, readiness, hasLetter, part.with7004 === true);
      this.#checkPages(pagesBefore + doc.getPageCount());
      return;
    }
    if (part.kind === 'letter') {
      if (part.form === '1065') drawLate1065Letter(doc, font, part.filing);
      else drawLateFilingLetter(doc, font, part.filing);
      this.#checkPages(pagesBefore + doc.getPageCount());
      return;
    }
    if (part.kind === 'statement') {
      if (part.part === 'II') drawPartIIStatement(doc, font, part.filing, part.relatedParty);
      else if (part.part === 'V') drawPartVStatement(doc, font, part.filing, part.relatedParty);
      else drawPartVIStatement(doc, font, part.filing, part.relatedParty);
      this.#checkPages(pagesBefore + doc.getPageCount());
      await yieldToEventLoop();
      return;
    }
    if (part.kind === 'section199A') {
      drawSection199AStatement(doc, font, part.filing, part.partnerIndex);
      this.#checkPages(pagesBefore + doc.getPageCount());
      return;
    }
    if (part.kind === 'worksheet') {
      drawWithholdingWorksheet(doc, font, part.filing);
      this.#checkPages(pagesBefore + doc.getPageCount());
      return;
    }
    const template = await this.#template(part.edition);
    const pages = await this.#copyPages(doc, template, copied);
    const values = part.edition.values(part.input);
    for (const [key, boxes] of template.boxes) {
      const value = values[key];
      if (value === undefined || value === false) continue;
      for (const box of boxes) drawValue(pages[box.page]!, font, box, value);
    }
    for (const stamp of part.edition.stamps?.(part.input) ?? []) {
      pages[stamp.page]?.drawText(stamp.text, { x: stamp.x, y: stamp.y, size: stamp.size, font });
    }
    // Statements and letters may add pages the plan could not count.
    this.#checkPages(pagesBefore + doc.getPageCount());
    await yieldToEventLoop();
  }

  async #copyPages(
    doc: PDFDocument,
    template: PreparedTemplate,
    copied: Map<PreparedTemplate, CopiedPages>,
  ): Promise<PDFPage[]> {
    const first = copied.get(template);
    if (!first) {
      const pages = await doc.copyPages(
        template.doc,
        Array.from({ length: template.pageCount }, (_, index) => index),
      );
      for (const page of pages) doc.addPage(page);
      // The printed form's content, before anything is drawn on this copy.
      const contents = pages.map((page) => {
        const resolved = page.node.Contents();
        return resolved instanceof PDFArray ? resolved.clone(doc.context) : page.node.get(CONTENTS);
      });
      const resources = pages.map((page) => ownResources(page.node.Resources(), doc));
      copied.set(template, { pages, contents, resources });
      return pages;
    }
    return first.pages.map((original, index) => {
      const node = original.node.clone(doc.context);
      const contents = first.contents[index];
      if (contents instanceof PDFArray) node.set(CONTENTS, contents.clone(doc.context));
      else if (contents) node.set(CONTENTS, contents);
      const resources = ownResources(first.resources[index], doc);
      if (resources) node.set(RESOURCES, resources);
      const page = PDFPage.of(node, doc.context.register(node), doc);
      doc.addPage(page);
      return page;
    });
  }
}
