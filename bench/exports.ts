// The export scenario (issue 14): the whole products list downloaded over HTTP as CSV and as XLSX, each timed from
// the request to the last byte, with the server's peak resident memory while it streamed. Target: a million
// products in under 60 s, never holding them all in memory.
import { Readable } from 'node:stream'
import type { ReadableStream } from 'node:stream/web'
import type { RunningServer } from './server'

export interface ExportMeasurement {
  format: 'csv' | 'xlsx'
  query: string
  seconds: number
  bytes: number
  peakRssMb: number
}

/** The export queries: everything in the list's default order, and a warehouse's stock sort (no index serves it). */
export const EXPORT_QUERIES = ['', 'warehouse_id=1&sort_by=stock.desc']

export async function measureExports(server: RunningServer, log: (line: string) => void): Promise<ExportMeasurement[]> {
  const measured: ExportMeasurement[] = []
  for (const query of EXPORT_QUERIES)
    for (const format of ['csv', 'xlsx'] as const) {
      server.takePeakRss()
      const started = performance.now()
      const res = await fetch(`${server.url}/api/products/export?format=${format}${query ? `&${query}` : ''}`, {
        headers: { authorization: `Bearer ${server.token}` },
      })
      if (!res.ok || !res.body) throw new Error(`export ${format} ${query}: ${res.status} ${await res.text()}`)
      let bytes = 0
      // counted as it arrives, never kept: the client must not be what holds a million rows
      for await (const chunk of Readable.fromWeb(res.body as ReadableStream)) bytes += (chunk as Buffer).byteLength
      const result = { format, query, seconds: (performance.now() - started) / 1000, bytes, peakRssMb: server.takePeakRss() }
      measured.push(result)
      log(
        `export ${format} ${query || '(all)'}: ${result.seconds.toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB, server peak ${result.peakRssMb.toFixed(0)} MB`,
      )
    }
  return measured
}

/** The lines of bench/results.md about exports. */
export function exportLines(measured: ExportMeasurement[] | undefined, products: number): string[] {
  if (!measured?.length) return []
  return [
    '',
    `| Export of ${products.toLocaleString('en')} products | Seconds | MB | Server peak MB | Under 60 s |`,
    '|---|---:|---:|---:|---|',
    ...measured.map(
      (m) =>
        `| ${m.format.toUpperCase()} ${m.query ? `\`${m.query}\`` : '(all)'} | ${m.seconds.toFixed(1)} | ${(m.bytes / 1e6).toFixed(1)} | ${m.peakRssMb.toFixed(0)} | ${m.seconds < 60 ? 'yes' : 'no'} |`,
    ),
  ]
}
