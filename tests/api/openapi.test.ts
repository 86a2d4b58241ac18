// The OpenAPI document at /api/openapi.json: it lists the routes of every file of src/server/routes/, which the app
// finds there (no list to keep), in the order of the file names, the same whether the server runs bundled (Vite lists
// the folder at build time) or from its sources (tsx reads the folder).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabaseUrl, startServer, type TestServer } from './helpers'
import { killRunning, listening, ROOT, startProcess, stopProcess } from './server-process'

const ROUTES = path.join(ROOT, 'src/server/routes')

/** Each file of routes/ (not its subfolders), by name, with the paths it declares literally, as OpenAPI writes them. */
function declaredPaths(): [file: string, paths: string[]][] {
  return fs
    .readdirSync(ROUTES, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => entry.name)
    .sort()
    .map((file) => {
      const source = fs.readFileSync(path.join(ROUTES, file), 'utf8')
      const literals = [...source.matchAll(/\bapp\.(?:get|post|put|patch|delete|head|options)\(\s*'([^']+)'|\burl:\s*'([^']+)'/g)]
      const paths = literals.map((m) => `/api${(m[1] ?? m[2]).replace(/:(\w+)/g, '{$1}')}`)
      return [file, [...new Set(paths)]]
    })
}

let server: TestServer
let document: { paths: Record<string, unknown> }
beforeAll(async () => {
  server = await startServer()
  document = (await server.anonymous.get('/api/openapi.json')).json()
})
afterAll(() => server.close())

describe('the OpenAPI document', () => {
  it('lists the paths of every file of src/server/routes/: a file dropped in is served', () => {
    const files = declaredPaths()
    expect(files.length).toBeGreaterThan(15)
    for (const [file, paths] of files) {
      expect(paths.length, `${file} declares no route with a literal path`).toBeGreaterThan(0)
      for (const declared of paths) expect(Object.keys(document.paths), `${file}: ${declared}`).toContain(declared)
    }
  })

  it('lists them in the order of the file names', () => {
    const order = Object.keys(document.paths)
    const seen = new Set<string>()
    const misplaced: string[] = []
    let last = -1
    for (const [file, paths] of declaredPaths()) {
      // a path an earlier file declared too (another method) keeps the place the earlier file gave it
      const places = paths.filter((p) => !seen.has(p)).map((p) => order.indexOf(p))
      if (places.some((place) => place < last)) misplaced.push(file)
      last = Math.max(last, ...places)
      for (const p of paths) seen.add(p)
    }
    expect(misplaced, 'files whose paths come before those of a file named before them').toEqual([])
  })

  it('is the same when the server runs from its sources (tsx reads the folder)', async () => {
    const database = await freshDatabaseUrl()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-openapi-'))
    try {
      const proc = await startProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir }, { tsx: true })
      await listening(proc)
      const fromSources = await (await fetch(`${proc.base}/api/openapi.json`)).text()
      await stopProcess(proc)
      expect(fromSources).toBe(JSON.stringify(document))
    } finally {
      await killRunning()
      await database.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
