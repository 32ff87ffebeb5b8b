// The statements of FilingRepository that are sent as text (CompiledQuery.raw), made once per
// kind's table (FILING_KINDS).
import { FNV_OFFSET, fnvFold } from '../fnv-hash.js';
import { FILING_KINDS, type FilingTableName } from '../kinds/filing-kinds.js';
import type { NamedStatements } from './with-named-statements.js';

type Table = FilingTableName;

/** One statement per filing table of `FILING_KINDS`, made by `statement` from the table's name. */
function perTable(statement: (table: Table) => string): Readonly<Record<Table, string>> {
  return Object.freeze(
    Object.fromEntries(FILING_KINDS.map(({ table }) => [table, statement(table)])) as Record<Table, string>,
  );
}

/**
 * createFilingFindingDuplicates' call per table: the PL/pgSQL function of migration 0008 (0005's,
 * answering one uuid[] in the select list), which PostgreSQL plans once per connection. $1 user,
 * $2 name, $3 EIN, $4 tax year of the lookup (null: none), $5/$6 tax year begin/end, $7 status,
 * $8 form_data as JSON text. Answers the new id, then the possible duplicates, as one text of ids
 * joined by commas: the driver's parser of a `uuid[]` reads it a character at a time, which was
 * about a tenth of a create's server CPU (a uuid holds no comma, so `split` is exact).
 */
export const CREATE_FINDING_DUPLICATES = perTable(createStatement);

function createStatement(table: string): string {
  return `select array_to_string(${table}_create_ids($1, $2, $3, $4, $5, $6, $7, $8::jsonb), ',') as ids`;
}

/**
 * The statement of `table` in `statements`, or made by `make` for a table of a kind the list does
 * not hold (a kind registered by its user, sent unnamed).
 */
function statementOf(statements: Readonly<Record<string, string>>, make: (table: string) => string) {
  return (table: string): string => {
    const known = statements[table];
    if (known !== undefined) return known;
    // The name goes into the statement's text: an identifier only.
    if (!/^[a-z][a-z0-9_]*$/.test(table)) throw new TypeError(`not a table name: ${table}`);
    return make(table);
  };
}

/**
 * getFilingAndSubmissionFlag's statement per table, as text: get_filing's read is built and compiled
 * once, not by the query builder on every call (about 6 us of server CPU a read). $1 id, $2 user.
 */
export const GET_FILING_AND_SUBMISSION_FLAG = perTable(getStatement);

/** {@link CREATE_FINDING_DUPLICATES}' statement of any kind's table. */
export const createFindingDuplicatesStatement = statementOf(CREATE_FINDING_DUPLICATES, createStatement);

/** {@link GET_FILING_AND_SUBMISSION_FLAG}'s statement of any kind's table. */
export const getFilingAndSubmissionFlagStatement = statementOf(GET_FILING_AND_SUBMISSION_FLAG, getStatement);

function getStatement(table: string): string {
  return `select id, llc_name, ein, to_char(tax_year_begin, 'YYYY-MM-DD') as tax_year_begin,
    to_char(tax_year_end, 'YYYY-MM-DD') as tax_year_end, status, created_at, form_data, has_submissions
    from ${table} where id = $1 and user_id = $2`.replace(/\s+/g, ' ');
}

/**
 * The statements the filing server wants sent as named (protocol-level) prepared statements, text
 * to name, for {@link withNamedStatements} when the pool's settings ask for them
 * (`DATABASE_NAMED_STATEMENTS`): each kind's create. The name holds the text's hash, so a changed
 * statement gets a new name (two builds of the server behind one pooler never bind each other's
 * statements). get_filing's read stays unnamed: named, it cost PostgreSQL 27 against 49 us but the
 * server 8-9 us more (81 against 72 us, 5 rounds side by side), and the server's core is what
 * limits its rate.
 */
export const FILING_NAMED_STATEMENTS: NamedStatements = new Map(
  Object.entries(CREATE_FINDING_DUPLICATES).map(([table, text]) => [
    text,
    `fm_create_${table}_${fnvFold(FNV_OFFSET, text).toString(16)}`,
  ]),
);
