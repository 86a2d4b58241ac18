// Migrates DATABASE_URL to the latest and dies (SIGKILL, as when the machine stops it) the moment a statement
// matching KILL_AFTER has run, so a test can look at what a crash in the middle of a migration leaves.
import { openDatabase } from '../../src/server/db'
import { migrateToLatest } from '../../src/server/db/migrate'

const url = process.env.DATABASE_URL
const killAfter = process.env.KILL_AFTER
if (!url || !killAfter) throw new Error('DATABASE_URL and KILL_AFTER are needed')
const pattern = new RegExp(killAfter, 'i')
const database = openDatabase(url, {
  readWorkers: 0,
  onQuery: (query) => {
    if (pattern.test(query.sql)) process.kill(process.pid, 'SIGKILL')
  },
})
await migrateToLatest(database)
await database.close()
