/**
 * The rules of a partnership filing: Form 1065 with a Schedule K-1 per partner (kind
 * `partnership`). One record of KIND_RULES; sources in IRS_RULES.
 */
import type { PartnershipInput } from '../filing-input.js';
import { IRS_RULES } from '../irs-rules.js';
import type { KindRules, Requirement } from '../kind-rules.js';
import { checkPartnershipFiling } from './check.js';
import { PARTNERSHIP_DUE_DATES } from './due-dates.js';
import { planPartnershipPacket } from './packet.js';
import { partnershipHowToFile } from './partnership-readiness.js';
import { mustEfile1065 } from './partnership-rules.js';

/** Required top-level lines of a partnership filing (Form 1065 header and items A-H). */
const PARTNERSHIP_REQUIRED: readonly Requirement[] = [
  { form: '1065', line: 'header: beginning', field: 'taxYearBegin' },
  { form: '1065', line: 'header: ending', field: 'taxYearEnd' },
  { form: '1065', line: 'Name of partnership', field: 'partnershipName' },
  { form: '1065', line: 'Number and street', field: 'street' },
  { form: '1065', line: 'City or town', field: 'city' },
  { form: '1065', line: 'State or province', field: 'state' },
  { form: '1065', line: 'ZIP or foreign postal code', field: 'zip' },
  { form: '1065', line: 'A', field: 'businessActivity' },
  { form: '1065', line: 'C', field: 'businessActivityCode' },
  { form: '1065', line: 'D', field: 'ein' },
  { form: '1065', line: 'E', field: 'dateBusinessStarted' },
  { form: '1065', line: 'F', field: 'totalAssets' },
  { form: '1065', line: 'H', field: 'accountingMethod' },
];

export const PARTNERSHIP_KIND_RULES: KindRules<'partnership'> = Object.freeze<KindRules<'partnership'>>({
  kind: 'partnership',
  required: PARTNERSHIP_REQUIRED,
  // The 1065 has item E (dateBusinessStarted), not the 1120's item C; both have a signing date.
  dateFields: ['taxYearBegin', 'taxYearEnd', 'dateBusinessStarted', 'signatureDate', 'form7004FiledDate'],
  dueDates: PARTNERSHIP_DUE_DATES,
  check: checkPartnershipFiling,
  plan: planPartnershipPacket,
  filing: {
    returnName: 'A Form 1065',
    howToFile: (formData) => partnershipHowToFile(formData as PartnershipInput),
    // Mail or e-file (no fax route: rule form1065Methods); e-file only when it must be (rule form1065Efile).
    methods: (formData) => {
      if (mustEfile1065(formData as PartnershipInput)) {
        const { rule, source } = IRS_RULES.form1065Efile;
        return { methods: ['e-file'], rule, source };
      }
      const { rule, source } = IRS_RULES.form1065Methods;
      return { methods: ['mail', 'e-file'], rule, source };
    },
    // "More than 100 partners: the return must be e-filed" is a problem of a paper return only.
    paperOnlyFields: ['partners'],
    incomplete: {
      consequence: 'a Form 1065 that fails to show the information required is penalized as a late one',
      source: IRS_RULES.latePartnershipReturnPenalty.source,
    },
  },
  preparerMark: true,
});
