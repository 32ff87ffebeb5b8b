/**
 * Where a foreign-owned U.S. DE files Form 5472 with its pro forma 1120 (and its Form 7004):
 * Instructions for Form 5472, Where To File (Foreign-owned U.S. DEs); Instructions for Form 7004,
 * Where To File. The one copy of the fax number and the address: IRS_RULES.foreignOwnedDeFiling,
 * how_to_file, the cover page and the reasonable-cause letter all read them from here.
 */
export const FOREIGN_OWNED_DE_FAX = '855-887-7737';

/** The mailing address, one line per printed line. */
export const FOREIGN_OWNED_DE_ADDRESS_LINES = [
  'Internal Revenue Service',
  '1973 Rulon White Blvd., M/S 6112, Attn: PIN Unit',
  'Ogden, UT 84201',
] as const;

/** The mailing address on one line. */
export const FOREIGN_OWNED_DE_ADDRESS = FOREIGN_OWNED_DE_ADDRESS_LINES.join(', ');
