// An import's and a revert's changes as parts of one entry: `part_of` is the id of the entry that sums them up (the
// import's own entry, or its revert's), so the audit trail lists that one entry instead of thousands of rows and
// opens it to its rows through the index. Entries written before are filled in once: an import's rows name it as
// import_id in their changes, a revert's rows add `revert: true` (the revert's entry, or the import's own entry
// when a failing all-or-nothing import took itself back and no revert entry exists).
import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../index'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('part_of', 'integer').execute()
  const [importId, isRevert] =
    dialect === 'postgres'
      ? [
          sql`case when audit_log.changes::jsonb->>'import_id' ~ '^[0-9]{1,9}$' then (audit_log.changes::jsonb->>'import_id')::integer end`,
          sql`audit_log.changes::jsonb->>'revert' = 'true'`,
        ]
      : [
          sql`case when json_type(audit_log.changes, '$.import_id') = 'integer' then json_extract(audit_log.changes, '$.import_id') end`,
          sql`json_type(audit_log.changes, '$.revert') = 'true'`,
        ]
  // read through audit_log_entity (entity_type, entity_id, id); the row's own columns are audit_log.*, the summary's s.*
  const summary = (action: 'create' | 'delete') =>
    sql`(select min(s.id) from audit_log s where s.entity_type = 'import' and s.entity_id = ${importId} and s.action = ${action})`
  await sql`update audit_log
    set part_of = case when ${isRevert} then coalesce(${summary('delete')}, ${summary('create')}) else ${summary('create')} end
    where entity_type in ('product', 'stock_mutation') and changes like '%"import_id"%'`.execute(db)
  await db.schema.createIndex('audit_log_part_of').on('audit_log').columns(['part_of', 'id']).execute()
}
