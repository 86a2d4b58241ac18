// The roles a user holds, each in one warehouse or in every one (warehouse_id null). Nobody loses what they could do
// before roles existed: every user who is not a super-user (the administrator) becomes office and manager everywhere.
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(32)', (c) => c.notNull())
    .addColumn('warehouse_id', 'integer', (c) => c.references('warehouses.id').onDelete('cascade'))
    .execute()
  // once per user, role and warehouse, "every warehouse" (null) included
  await sql`create unique index user_roles_once on user_roles (user_id, role, coalesce(warehouse_id, 0))`.execute(db)
  await sql`insert into user_roles (user_id, role, warehouse_id)
    select id, role, null from users cross join (select 'office' as role union all select 'manager') roles
    where not is_superuser`.execute(db)
}
