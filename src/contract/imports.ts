// Imports: a CSV or XLSX file of products (created or updated by SKU) or opening stock (booked as mutations),
// checked row by row with the same schemas as the API, then imported in the background and kept with its report.
import Type, { type Static } from 'typebox'
import {
  IMPORT_FAILURE_CODES,
  IMPORT_FIELDS,
  IMPORT_KINDS,
  IMPORT_MODES,
  IMPORT_PROBLEM_CODES,
  IMPORT_STATUSES,
  MAX_LIST_LIMIT,
} from './constants'
import { Id, Nullable, Paging, Timestamp } from './common'

const fields = [...new Set([...IMPORT_FIELDS.products, ...IMPORT_FIELDS.stock])]

/** The form fields of the upload besides `file` (multipart/form-data). */
export const ImportOptions = Type.Object({
  kind: Type.Enum([...IMPORT_KINDS]),
  mode: Type.Optional(Type.Enum([...IMPORT_MODES], { default: 'valid_only' })),
  /** the field each column header goes to, '' to ignore the column; headers not named are mapped by their name */
  mapping: Type.Optional(Type.Record(Type.String({ maxLength: 200 }), Type.Union([Type.Enum(fields), Type.Literal('')]))),
})
export type ImportOptions = Static<typeof ImportOptions>

export const ImportQuery = Type.Object({
  dry_run: Type.Optional(
    Type.Boolean({ default: false, description: 'check the first MAX_CHECKED_ROWS rows and answer the report; change nothing' }),
  ),
})

export const ImportProblem = Type.Object({
  /** the row as a spreadsheet numbers it: the header is row 1 */
  row: Type.Integer(),
  /** the header of the column, or null for the row as a whole */
  column: Nullable(Type.String()),
  /** the problem in English */
  reason: Type.String(),
  /** the problem as a code, for the screen to say in the reader's language with `params` */
  code: Type.Optional(Type.Enum([...IMPORT_PROBLEM_CODES])),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
})
export type ImportProblem = Static<typeof ImportProblem>

export const ImportColumn = Type.Object({ header: Type.String(), field: Nullable(Type.Enum(fields)) })
export type ImportColumn = Static<typeof ImportColumn>

export const ImportReport = Type.Object({
  /** null for a dry run, which is not kept */
  id: Nullable(Id),
  kind: Type.Enum([...IMPORT_KINDS]),
  mode: Type.Enum([...IMPORT_MODES]),
  status: Type.Enum([...IMPORT_STATUSES]),
  file_name: Type.String(),
  columns: Type.Array(ImportColumn),
  /** data rows in the file; null while the first pass counts them */
  rows: Nullable(Type.Integer()),
  /** rows checked or written so far, for a progress bar */
  processed: Type.Integer(),
  /**
   * a dry run checks the first MAX_CHECKED_ROWS rows only: true when the file has more, which the import checks in
   * its first pass before it writes any row
   */
  more_rows: Type.Boolean(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  booked: Type.Integer(),
  refused: Type.Integer(),
  /** the first MAX_LISTED_PROBLEMS problems, by row */
  problems: Type.Array(ImportProblem),
  /** the spreadsheet row number (the header is row 1) of the last row written: a batched import keeps whole batches */
  applied_through: Nullable(Type.Integer()),
  /** why a running import stopped, when it failed */
  failure: Nullable(Type.String()),
  /** the failure as a code, for the screen to say in the reader's language; absent for a failure without one */
  failure_code: Type.Optional(Type.Enum([...IMPORT_FAILURE_CODES])),
  user: Nullable(Type.Object({ id: Nullable(Id), username: Type.String() })),
  created_at: Timestamp,
  finished_at: Nullable(Timestamp),
  reverted_at: Nullable(Timestamp),
})
export type ImportReport = Static<typeof ImportReport>

export const ImportListQuery = Type.Object({
  ...Paging({ maxLimit: MAX_LIST_LIMIT, defaultLimit: 25 }),
})
export type ImportListQuery = Static<typeof ImportListQuery>
