// `npm run check:ledger`: does every kept stock level equal the sum of the ledger? On SQLite the file's own
// integrity is checked first. Exit code 0 when all is well, 1 with the differences listed when not.
import fs from 'node:fs'
import { sql } from 'kysely'
import { loadConfig } from '../config'
import { openDatabase } from '../db'
import { checkLedger } from '../domain/ledger'

const config = loadConfig()
const file = config.DATABASE_URL.startsWith('sqlite:') ? config.DATABASE_URL.slice('sqlite:'.length) : undefined
if (file !== undefined && !fs.existsSync(file)) {
  console.error(`There is no database at ${file} (DATABASE_URL).`)
  process.exit(1)
}
const database = openDatabase(config.DATABASE_URL)
try {
  if (database.dialect === 'sqlite') {
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db)
    if (rows[0]?.integrity_check !== 'ok') {
      console.error(`The SQLite file is damaged: ${rows.map((r) => r.integrity_check).join('; ')}. Restore a backup (npm run restore).`)
      process.exitCode = 1
    }
  }
  if (!process.exitCode) {
    const differences = await checkLedger(database.db)
    const { count } = await database.db
      .selectFrom('stock_mutations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    if (differences.length === 0)
      console.log(`Ledger consistent: every kept stock level equals the sum of ${Number(count)} stock mutations.`)
    else {
      console.error(`Ledger inconsistent: ${differences.length} kept figure(s) differ from the sum of the stock mutations:`)
      console.table(differences)
      process.exitCode = 1
    }
  }
} finally {
  await database.close()
}
