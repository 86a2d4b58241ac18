// `npm run db:migrate`: applies pending migrations to DATABASE_URL and exits.
import { loadConfig } from '../config'
import { openDatabase } from './index'
import { migrateToLatest } from './migrate'

const config = loadConfig()
const database = openDatabase(config.DATABASE_URL)
try {
  const applied = await migrateToLatest(database)
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.')
} finally {
  await database.close()
}
