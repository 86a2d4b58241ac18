// `npm run restore -- <file>`: puts a backup in place of the SQLite database of DATABASE_URL. Stop the server first:
// the restore refuses while the database is open, and keeps the current database as <file>.before-restore-<time>.
import { loadConfig } from '../config'
import { BackupError, restoreSqlite, sqliteFileOrExit } from '../db/backup'

const config = loadConfig()
const target = sqliteFileOrExit(
  config.DATABASE_URL,
  'restore',
  'Restore a pg_dump with pg_restore --clean --if-exists --dbname="$DATABASE_URL" stockroom.dump, with the server stopped.',
)
const backup = process.argv[2]
if (!backup) {
  console.error('Usage: npm run restore -- <backup file>   (stop the server first)')
  process.exit(2)
}
try {
  const { previous } = await restoreSqlite(backup, target)
  if (previous) console.log(`Kept the database as it was in ${previous}.`)
  console.log(`Restored ${backup} to ${target}. Start the server again.`)
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exit(1)
}
