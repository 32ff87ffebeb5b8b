/**
 * Form 1065 (2025) Schedule B: its yes/no questions as form_data keys (`scheduleB.line2a`) with
 * the template's Yes and No checkboxes, and the entity types of question 1.
 */

/** Question 1's boxes, a-f, as the form prints them. */
export const SCHEDULE_B_ENTITY_TYPES = [
  'Domestic general partnership',
  'Domestic limited partnership',
  'Domestic limited liability company',
  'Domestic limited liability partnership',
  'Foreign partnership',
  'Other',
] as const;

/** One yes/no question: its key, its line and the template's Yes/No checkbox names. */
export interface ScheduleBQuestion {
  key: string;
  line: string;
  yes: string;
  no: string;
  /** Only asked when another answer is yes (e.g. 16b after 16a). */
  onlyIf?: string;
}

const P2 = 'topmostSubform[0].Page2[0].';
const P3 = 'topmostSubform[0].Page3[0].';
const P4 = 'topmostSubform[0].Page4[0].';
const q = (key: string, page: string, box: string, onlyIf?: string): ScheduleBQuestion => ({
  key,
  line: key.replace(/^line/, ''),
  yes: `${page}${box}[0]`,
  no: `${page}${box}[1]`,
  ...(onlyIf ? { onlyIf } : {}),
});

/** The yes/no questions the return answers, in form order (Form 1065 (2025), pages 2-4). */
export const SCHEDULE_B_QUESTIONS: readonly ScheduleBQuestion[] = [
  q('line2a', P2, 'c2_2'),
  q('line2b', P2, 'c2_3'),
  q('line3a', P2, 'c2_4'),
  q('line3b', P2, 'c2_5'),
  q('line4', P2, 'c2_6'),
  q('line5', P2, 'c2_7'),
  q('line6', P2, 'c2_8'),
  q('line7', P2, 'c2_9'),
  q('line8', P2, 'c2_10'),
  q('line9', P2, 'c2_11'),
  q('line10a', P2, 'c2_12'),
  q('line10b', P2, 'c2_13'),
  q('line10c', P3, 'c3_1'),
  q('line10d', P3, 'c3_2'),
  q('line12', P3, 'c3_5'),
  q('line14', P3, 'c3_6'),
  q('line16a', P3, 'c3_7'),
  q('line16b', P3, 'c3_8', 'line16a'),
  q('line19', P3, 'c3_9'),
  q('line20', P3, 'c3_10'),
  q('line21', P3, 'c3_11'),
  q('line22', P3, 'c3_12'),
  q('line23', P3, 'c3_13'),
  q('line24', P3, 'c3_14'),
  q('line25', P3, 'c3_15'),
  q('line27', P3, 'c3_16'),
  q('line28', P4, 'c4_1'),
  q('line29a', P4, 'c4_2'),
  q('line29b', P4, 'c4_3'),
  q('line30', P4, 'c4_4'),
  q('line33', P4, 'c4_6'),
];

/** The check-box questions (11, 32) and number entries (13a, 15, 17, 18, 26) and their fields. */
export const SCHEDULE_B_EXTRAS = {
  line1Other: `${P2}f2_01[0]`,
  line8Country: `${P2}f2_47[0]`,
  line10aDate: `${P2}f2_48[0]`,
  line11: `${P3}c3_4[0]`,
  line13a: `${P3}f3_4[0]`,
  line14Count: `${P3}f3_5[0]`,
  line15: `${P3}f3_6[0]`,
  line17: `${P3}f3_7[0]`,
  line18: `${P3}f3_8[0]`,
  line26: `${P3}f3_11[0]`,
  line32: `${P4}c4_5[0]`,
} as const;

/** Question 1's checkbox for each entity type (`c2_1[0]`..`c2_1[5]`). */
export const SCHEDULE_B_ENTITY_BOXES = SCHEDULE_B_ENTITY_TYPES.map((_, index) => `${P2}c2_1[${index}]`);
