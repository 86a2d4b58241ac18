// No file of the server reaches itself through its imports, `import type` included: each layer stands on the ones
// below it (ESLint's no-restricted-imports holds the layers; this holds the files within a layer). The imports are
// read and resolved by TypeScript itself, as the type check does.
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const SERVER = path.join(ROOT, 'src/server')

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .filter((file) => file.endsWith('.ts'))
}

/** Each file of the server with the files of the server it imports. */
function importGraph(): Map<string, string[]> {
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (file) => ts.sys.readFile(file))
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT)
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(SERVER)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && target.startsWith(SERVER))
    graph.set(file, targets)
  }
  return graph
}

/** The groups of files that import one another (Tarjan's strongly connected components of more than one file). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, counter)
    low.set(file, counter++)
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      group.push(path.relative(ROOT, member))
    } while (member !== file)
    if (group.length > 1) found.push(group.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found
}

describe('the server’s imports', () => {
  it('are read: the graph holds every file and the imports between them', () => {
    const graph = importGraph()
    expect(graph.size).toBeGreaterThan(100)
    // a known arrow, `import type` only: domain/undoer.ts names the audit entry's types from the contract and Trx from db
    expect(graph.get(path.join(SERVER, 'domain/undoer.ts'))).toContain(path.join(SERVER, 'db/writes.ts'))
  })

  it('have no cycle', () => {
    expect(cycles(importGraph())).toEqual([])
  })

  it('would show a cycle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(cycles(graph)).toEqual([['a', 'b', 'c']])
  })
})
