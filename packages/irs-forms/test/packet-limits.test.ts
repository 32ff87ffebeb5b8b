import {
  EXAMPLE_PARTNERSHIP_FILING,
  EXAMPLE_SINGLE_MEMBER_FILING,
  PacketTooLargeError,
} from '@filing-mcp/irs-forms';
import { PACKET_LIMITS } from '../src/packet-limits.js';
import { PacketBuilder } from '@filing-mcp/irs-forms/pdf';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { countingLoader } from './support/fixtures.js';

const party = EXAMPLE_SINGLE_MEMBER_FILING.relatedParties[0]!;
const withParties = (count: number) => ({
  ...EXAMPLE_SINGLE_MEMBER_FILING,
  relatedParties: Array.from({ length: count }, (_, index) => ({ ...party, name: `Party ${index}` })),
});

describe('the bounds of a packet (PACKET_LIMITS)', () => {
  const builder = new PacketBuilder({ loadTemplate: countingLoader().load });

  it('are a page count and a byte count', () => {
    expect(PACKET_LIMITS).toEqual({ maxPages: 1_000, maxBytes: 16 * 1024 * 1024 });
  });

  it('grow a packet with its forms, not with their square: 200 Forms 5472 weigh less than 5 times 50', async () => {
    const fifty = (await builder.build('5472', withParties(50))).pdf.length;
    const twoHundred = (await builder.build('5472', withParties(200))).pdf.length;
    expect(twoHundred / fifty).toBeLessThan(5);
    // The largest packet the tools accept (50 related parties) is far below the byte bound.
    expect(fifty).toBeLessThan(PACKET_LIMITS.maxBytes / 10);
  });

  it('refuse more pages than the bound before drawing any, naming the bound and how to get under it', async () => {
    // 1120 (6 pages) + 334 Forms 5472 (3 pages each) with their Part V statements: well over 1,000.
    const filing = withParties(334);
    const started = performance.now();
    const error = await builder.build('5472', filing).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PacketTooLargeError);
    expect(error).toMatchObject({ code: 'packet_too_large', limit: 'pages', max: 1_000 });
    const actual = (error as PacketTooLargeError).actual;
    expect(actual).toBeGreaterThan(6 + 334 * 3);
    expect((error as Error).message).toBe(
      `The packet would have ${actual.toLocaleString('en-US')} pages, more than the 1,000 pages a packet may hold: list fewer related parties (form_data.relatedParties) or partners (form_data.partners)`,
    );
    // Refused from the plan: no form was drawn (drawing 334 forms takes seconds).
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect(builder.buildFiles('5472', filing)).rejects.toMatchObject({ limit: 'pages' });
  });

  it('accept a packet of exactly the bound', async () => {
    // 1065 (6 pages) + 497 Schedules K-1 (1 page each) and their section 199A statements (1 page
    // each) = 1,000 pages (U.S. partners only: no 8804/8805 worksheet page).
    const partner = { ...EXAMPLE_PARTNERSHIP_FILING.partners[0]!, isForeign: false };
    const packet = await builder.build('partnership', {
      ...EXAMPLE_PARTNERSHIP_FILING,
      partners: Array.from({ length: 497 }, (_, index) => ({ ...partner, name: `Partner ${index}` })),
    });
    expect((await PDFDocument.load(packet.pdf)).getPageCount()).toBe(1_000);
  }, 60_000);

  it('refuse more bytes than the bound, for the PDF and for the ZIP files together', async () => {
    const small = new PacketBuilder({ loadTemplate: countingLoader().load, limits: { maxBytes: 50_000 } });
    const error = await small.build('5472', withParties(2)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PacketTooLargeError);
    expect(error).toMatchObject({ limit: 'bytes', max: 50_000 });
    expect((error as PacketTooLargeError).actual).toBeGreaterThan(50_000);
    expect((error as Error).message).toMatch(
      /^The packet would have [\d,]+ bytes, more than the 50,000 bytes/,
    );
    await expect(small.buildFiles('5472', withParties(2))).rejects.toMatchObject({ limit: 'bytes' });
  });
});
