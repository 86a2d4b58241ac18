// `npm run backup -- [file]`: an online backup of the SQLite database of DATABASE_URL, safe while the server runs.
import { loadConfig } from '../config'
import { dialectOf } from '../db'
import { BackupError, backupSqlite, defaultBackupFile } from '../db/backup'
import { describeDatabaseUrl } from '../db/wait'

const config = loadConfig()
if (dialectOf(config.DATABASE_URL) !== 'sqlite') {
  console.error(
    `npm run backup copies the SQLite database; ${describeDatabaseUrl(config.DATABASE_URL)} is PostgreSQL. ` +
      'Back it up with PostgreSQL\'s tools, e.g. pg_dump --format=custom --file=stockroom.dump "$DATABASE_URL".',
  )
  process.exit(2)
}
const source = config.DATABASE_URL.slice('sqlite:'.length)
const destination = process.argv[2] ?? defaultBackupFile(config.DATA_DIR)
try {
  const { pages } = await backupSqlite(source, destination)
  console.log(`Backed up ${source} to ${destination} (${pages} pages, integrity checked).`)
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exit(1)
}
