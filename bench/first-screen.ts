// The JavaScript a visitor downloads before the sign-in screen shows: the entry chunk and every chunk it imports
// statically (the browser fetches those before running it), gzipped. Everything behind a dynamic import loads with
// its route. `npm run build` prints it; tests/e2e/first-screen.test.ts measures what Chromium really loads.
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** The sign-in screen must load with less than this (bytes, gzipped). */
export const FIRST_SCREEN_BUDGET = 300_000

export const gzipped = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

export function firstScreenReport(): Plugin {
  let report = ''
  return {
    name: 'stockroom-first-screen',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
      const entry = chunks.find((chunk) => chunk.isEntry)
      if (!entry) return
      const first = new Set<string>()
      const visit = (fileName: string) => {
        if (first.has(fileName)) return
        first.add(fileName)
        const chunk = bundle[fileName]
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit)
      }
      visit(entry.fileName)
      const size = (fileName: string) => {
        const chunk = bundle[fileName]
        return chunk?.type === 'chunk' ? gzipped(chunk.code) : 0
      }
      const firstFiles = [...first].map((fileName) => ({ fileName, bytes: size(fileName) })).sort((a, b) => b.bytes - a.bytes)
      const total = firstFiles.reduce((sum, f) => sum + f.bytes, 0)
      const later = chunks.filter((chunk) => !first.has(chunk.fileName))
      const laterBytes = later.reduce((sum, chunk) => sum + size(chunk.fileName), 0)
      report = [
        '',
        `First screen (sign-in): ${kB(total)} of JavaScript gzipped, budget ${kB(FIRST_SCREEN_BUDGET)}${total > FIRST_SCREEN_BUDGET ? '  ** OVER BUDGET **' : ''}`,
        ...firstFiles.map((f) => `  ${f.fileName.padEnd(52)} ${kB(f.bytes).padStart(10)}`),
        `Loaded later, with their routes: ${later.length} chunks, ${kB(laterBytes)} gzipped`,
        '',
      ].join('\n')
    },
    closeBundle() {
      if (report) console.log(report)
    },
  }
}
