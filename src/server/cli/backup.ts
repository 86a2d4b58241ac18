// `npm run backup -- [file]`: an online backup of the SQLite database of DATABASE_URL, safe while the server runs.
import { loadConfig } from '../config'
import { BackupError, backupSqlite, defaultBackupFile, sqliteFileOrExit } from '../db/backup'

const config = loadConfig()
const source = sqliteFileOrExit(
  config.DATABASE_URL,
  'backup',
  'Back it up with PostgreSQL\'s tools, e.g. pg_dump --format=custom --file=stockroom.dump "$DATABASE_URL".',
)
const destination = process.argv[2] ?? defaultBackupFile(config.DATA_DIR)
try {
  const { pages } = await backupSqlite(source, destination)
  console.log(`Backed up ${source} to ${destination} (${pages} pages, integrity checked).`)
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exit(1)
}
