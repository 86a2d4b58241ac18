// bench/results.md: one section per database and size, replaced by each run of that pair; the text around the
// sections (how to read them, what the profiles showed) is written by hand and kept.
import fs from 'node:fs'
import path from 'node:path'
import type { Measurement } from './measure'
import { describeQuery, type HuntResult } from './hunt'
import { exportLines, type ExportMeasurement } from './exports'

export interface ScenarioResult {
  name: string
  writes: boolean
  worstCase: boolean
  http: Map<number, Measurement>
  direct: Map<number, Measurement>
}

export interface RunResult {
  kind: 'sqlite' | 'postgres'
  products: number
  mutations: number
  seconds: number
  started: Date
  commit: string
  load: [number, number]
  constant: Map<number, Measurement>
  scenarios: ScenarioResult[]
  peakRssMb: number
  /** the slowest requests the hunt found in-process, each as typed (count not remembered) and again */
  hunt?: { tried: number; shallow: HuntResult[]; deep: HuntResult[] }
  /** 4 connections repeat the slowest list request while 4 others read product details */
  headOfLine?: { list: Measurement; detail: Measurement; query: string }
  /** the products list exported whole over HTTP (issue 14) */
  exports?: ExportMeasurement[]
  /** description filter answered in-process with the count not remembered */
  coldSearch: Measurement
  ledger: { discrepancies: number; seconds: number; bookings: number }
}

export const RESULTS_FILE = path.join(import.meta.dirname, 'results.md')

const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '—')
/** a latency in a sentence: none answered within the measurement reads so */
const msText = (n: number) => (n === Number.POSITIVE_INFINITY ? 'no answer within the measurement' : `${ms(n)} ms`)
const rate = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '—')
const label = (kind: string) => (kind === 'sqlite' ? 'SQLite' : 'PostgreSQL')

function targets(run: RunResult): string[] {
  // issue 5's reads; the worst cases of issue 16 have targets of their own below
  const reads = run.scenarios.filter((s) => !s.writes && !s.worstCase)
  const list = run.scenarios[0]
  const booking = run.scenarios.find((s) => s.name === 'Post a stock mutation')
  const keyed = run.scenarios.find((s) => s.name === 'Post a stock mutation with an Idempotency-Key')
  const hot = run.scenarios.find((s) => s.name === 'Post a stock mutation to one hot product')
  const worst1 = Math.max(...reads.map((s) => s.http.get(1)?.p99 ?? NaN))
  const worst32 = Math.max(...reads.map((s) => s.http.get(32)?.p99 ?? NaN))
  const share = (c: number) => (list.http.get(c)?.perSecond ?? NaN) / (run.constant.get(c)?.perSecond ?? NaN)
  const added = (list.http.get(1)?.p50 ?? NaN) - (list.direct.get(1)?.p50 ?? NaN)
  const best = (scenario?: ScenarioResult) => Math.max(...[...(scenario?.http.values() ?? [])].map((m) => m.perSecond))
  const bookings = best(booking)
  // issue 16: bookings at 32 connections, spread over products and on one hot product
  const at32 = (scenario?: ScenarioResult) => scenario?.http.get(32)?.perSecond ?? NaN
  const bookingTarget = run.kind === 'sqlite' ? 1500 : 1000
  const check = (ok: boolean) => (ok ? 'met' : '**missed**')
  // the issue sets the latency targets for the full catalogue; smaller runs show how the times grow with it
  const atMillion = run.products >= 1_000_000
  return [
    `- Read scenarios, worst p99 at 1 connection: ${ms(worst1)} ms (target under 25 ms on SQLite at 1,000,000 products: ${run.kind === 'sqlite' && atMillion ? check(worst1 < 25) : 'not a target here'})`,
    `- Read scenarios, worst p99 at 32 connections: ${ms(worst32)} ms (target none over 100 ms at 1,000,000 products: ${atMillion ? check(worst32 <= 100) : 'not a target at this size'})`,
    `- Default list page against the constant route: ${(share(1) * 100).toFixed(0)}% at 1 connection, ${(share(32) * 100).toFixed(0)}% at 32 (target at least 40%: ${check(share(32) >= 0.4)})`,
    `- HTTP and JSON on top of the in-process list query at p50: ${ms(added)} ms (target at most 2 ms: ${check(added <= 2)})`,
    `- Stock mutations posted: ${rate(bookings)} per second at best; at 32 connections ${rate(at32(booking))} spread over products and ${rate(at32(hot))} on one hot product (target ${rate(bookingTarget)}: ${check(at32(booking) >= bookingTarget && at32(hot) >= bookingTarget)}); afterwards ${run.ledger.discrepancies === 0 ? 'every kept level equals the ledger' : `**${run.ledger.discrepancies} kept levels differ from the ledger**`} (checkLedger over all ${rate(run.mutations + run.ledger.bookings)} mutations, ${run.ledger.seconds.toFixed(0)} s)`,
    `- Stock mutations with an Idempotency-Key: ${rate(best(keyed))} per second at best, ${((best(keyed) / bookings) * 100).toFixed(0)}% of those without (target: the key costs at most 10%: ${check(best(keyed) >= 0.9 * bookings)})`,
    `- Server memory: peak ${run.peakRssMb.toFixed(0)} MB resident (target under 300 MB: ${check(run.peakRssMb < 300)})`,
    ...worstCaseTargets(run, check, atMillion),
  ]
}

/** Issue 16: the list's worst cases, deep pages, and no request slowing the others. */
function worstCaseTargets(run: RunResult, check: (ok: boolean) => string, atMillion: boolean): string[] {
  const target = (ok: boolean) => (atMillion ? check(ok) : 'not a target at this size')
  const worst = run.scenarios.filter((s) => s.worstCase && !s.name.startsWith('Deep'))
  const deep = run.scenarios.filter((s) => s.worstCase && s.name.startsWith('Deep'))
  // a scenario none of whose requests was answered within the measurement counts as infinitely slow
  const p99 = (rows: ScenarioResult[], c: number) =>
    Math.max(...rows.map((s) => (s.http.get(c)?.perSecond ? s.http.get(c)!.p99 : Number.POSITIVE_INFINITY)))
  const slowest = (rows: ScenarioResult[], c: number) => {
    const at = (s: ScenarioResult) => (s.http.get(c)?.perSecond ? s.http.get(c)!.p99 : Number.POSITIVE_INFINITY)
    return `in "${[...rows].sort((a, b) => at(b) - at(a))[0].name}"`
  }
  const lines: string[] = []
  if (worst.length > 0) {
    lines.push(
      `- Worst-case list requests, p99 at 1 connection: ${msText(p99(worst, 1))}, ${slowest(worst, 1)} (target at most 25 ms: ${target(p99(worst, 1) <= 25)})`,
    )
    if (run.constant.has(16))
      lines.push(
        `- Worst-case list requests, p99 at 16 connections: ${msText(p99(worst, 16))}, ${slowest(worst, 16)} (target at most 100 ms: ${target(p99(worst, 16) <= 100)})`,
      )
  }
  if (deep.length > 0)
    lines.push(
      `- Deep pages, p99 at 1 connection: ${msText(p99(deep, 1))}, ${slowest(deep, 1)} (target at most 100 ms: ${target(p99(deep, 1) <= 100)})`,
    )
  if (run.headOfLine) {
    const { detail, list, query } = run.headOfLine
    lines.push(
      `- Head of line: product details at 4 connections while 4 others repeat \`${query}\`: p99 ${ms(detail.p99)} ms (the list: p99 ${ms(list.p99)} ms; target at most 25 ms: ${target(detail.p99 <= 25)}), ${detail.failures + list.failures} failures`,
    )
  }
  lines.push(...exportLines(run.exports, run.products))
  if (run.hunt) {
    const worstOf = (rows: HuntResult[], key: 'coldMs' | 'warmMs') => Math.max(...rows.map((r) => r[key]))
    lines.push(
      `- Slowest-request hunt (in-process, ${run.hunt.tried.toLocaleString('en')} requests, each first with its count not remembered, then again): worst up to skip 10,000 ${ms(worstOf(run.hunt.shallow, 'coldMs'))} ms as typed, ${ms(worstOf(run.hunt.shallow, 'warmMs'))} ms again; deeper ${ms(worstOf(run.hunt.deep, 'coldMs'))} and ${ms(worstOf(run.hunt.deep, 'warmMs'))} ms`,
      '',
      '| Hunt: slowest requests | As typed ms | Again ms | Matches |',
      '|---|---:|---:|---:|',
      ...[...run.hunt.shallow, ...run.hunt.deep].map(
        (r) => `| \`${describeQuery(r.query)}\` | ${ms(r.coldMs)} | ${ms(r.warmMs)} | ${rate(r.total)} |`,
      ),
    )
  }
  return lines
}

export function section(run: RunResult): string {
  const connections = [...run.constant.keys()]
  const rows: string[] = []
  // each scenario against the constant route of the same run and connections: the machine's speed varies by the hour
  const share = (c: number, http?: Measurement) => {
    const ratio = (http?.perSecond ?? NaN) / (run.constant.get(c)?.perSecond ?? NaN)
    return Number.isFinite(ratio) ? `${(ratio * 100).toFixed(0)}%` : '—'
  }
  const row = (name: string, c: number, http?: Measurement, direct?: Measurement) =>
    rows.push(
      `| ${name} | ${c} | ${rate(http?.perSecond ?? NaN)} | ${share(c, http)} | ${ms(http?.p50 ?? NaN)} | ${ms(http?.p99 ?? NaN)} | ${rate(direct?.perSecond ?? NaN)} | ${ms(direct?.p50 ?? NaN)} | ${ms(direct?.p99 ?? NaN)} | ${(http?.failures ?? 0) + (direct?.failures ?? 0)} |`,
    )
  for (const c of connections) row('Constant route (ceiling)', c, run.constant.get(c))
  for (const s of run.scenarios) for (const c of connections) row(s.name, c, s.http.get(c), s.direct.get(c))
  row('Description filter, count not remembered', 1, undefined, run.coldSearch)
  return [
    `<!-- bench:${run.kind}:${run.products} -->`,
    `## ${label(run.kind)}, ${run.products.toLocaleString('en')} products`,
    '',
    `${run.started.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${run.commit}, ${run.seconds} s per measurement, ` +
      `${rate(run.mutations)} mutations in the ledger before the run; load average ${run.load[0].toFixed(1)} before, ${run.load[1].toFixed(1)} after.`,
    '',
    '| Scenario | Connections | HTTP req/s | Of constant | HTTP p50 ms | HTTP p99 ms | In-process ops/s | In-process p50 ms | In-process p99 ms | Failures |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    ...targets(run),
    `<!-- /bench:${run.kind}:${run.products} -->`,
  ].join('\n')
}

/** Puts a section (opened by `<!-- marker -->`, closed by `<!-- /marker -->`) into results.md in place of its last run. */
export function writeMarked(marker: string, section: string): void {
  const text = fs.existsSync(RESULTS_FILE) ? fs.readFileSync(RESULTS_FILE, 'utf8') : '# Benchmark results\n'
  const pattern = new RegExp(`<!-- ${marker} -->[\\s\\S]*?<!-- /${marker} -->`)
  fs.writeFileSync(RESULTS_FILE, pattern.test(text) ? text.replace(pattern, () => section) : `${text.trimEnd()}\n\n${section}\n`)
}

/** Puts the run's section into results.md, in place of the last run of the same database and size. */
export function writeSection(run: RunResult): void {
  writeMarked(`bench:${run.kind}:${run.products}`, section(run))
}
