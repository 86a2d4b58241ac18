// The office's calls (issue 14) outside react-admin's data model: downloads of exports, uploads of imports, undo,
// the dashboard. All through the one http client (bearer token, errors in the user's language).
import type { Dashboard, ExportFormat, ImportKind, ImportMode, ImportReport, LedgerStatus, StockMutation, UndoCheck } from '../../contract'
import { API_BASE } from '../../contract/constants'
import { apiOf, toQueryString, type HttpClient } from './http'

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>

/** An upload or a check of every row may take a while; a file of a million rows takes its time to start too. */
const LONG_CALL_MS = 10 * 60 * 1000
const DASHBOARD_MS = 15_000

/** `attachment; filename="products-2025-05-01.csv"` → the file name */
const fileNameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback

/** Hands a downloaded file to the browser to save. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // the browser has taken the file by the next task
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export interface UploadOptions {
  kind: ImportKind
  mode?: ImportMode
  mapping?: Record<string, string>
  dryRun: boolean
}

export function createOfficeApi(httpClient: HttpClient) {
  const api = apiOf(httpClient)
  const download = async (path: string, query: Query) => {
    const { blob, headers } = await httpClient(`${API_BASE}/${path}${toQueryString(query)}`, {
      // not JSON: the client answers the file's bytes
      headers: { Accept: 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      timeoutMs: LONG_CALL_MS,
    })
    save(blob!, fileNameOf(headers.get('content-disposition'), path.replace(/\W+/g, '-')))
  }
  return {
    /** downloads `<list>/export` in `format` with the list's query and headers in `lang` */
    exportList: (path: string, format: ExportFormat, lang: string, query: Query) => download(`${path}/export`, { ...query, format, lang }),
    refusedRows: (importId: number, lang: string) => download(`imports/${importId}/refused`, { lang }),
    async upload(file: File, { kind, mode, mapping, dryRun }: UploadOptions): Promise<ImportReport> {
      const form = new FormData()
      form.append('kind', kind)
      if (mode) form.append('mode', mode)
      if (mapping) form.append('mapping', JSON.stringify(mapping))
      form.append('file', file, file.name)
      const { json } = await httpClient(`${API_BASE}/imports/${dryRun ? '?dry_run=true' : ''}`, {
        method: 'POST',
        body: form,
        timeoutMs: LONG_CALL_MS,
      })
      return json as ImportReport
    },
    importReport: (id: number) => api<ImportReport>(`/imports/${id}`).then((r) => r.json),
    imports: () => api<ImportReport[]>('/imports/', { query: { limit: 10 } }).then((r) => r.json),
    // a revert or an undo of a big import writes many rows in one transaction
    revertImport: (id: number) =>
      httpClient(`${API_BASE}/imports/${id}`, { method: 'DELETE', timeoutMs: LONG_CALL_MS }).then((r) => r.json as ImportReport),
    restoreMutation: (productId: number, mutationId: number) =>
      api<StockMutation>(`/products/${productId}/stock_mutations/${mutationId}/restore`, { method: 'POST' }).then((r) => r.json),
    undoCheck: (auditId: number) => api<UndoCheck>(`/audit/${auditId}/undo`).then((r) => r.json),
    undo: (auditId: number) => httpClient(`${API_BASE}/audit/${auditId}/undo`, { method: 'POST', timeoutMs: LONG_CALL_MS }),
    dashboard: (dayStart: string) =>
      httpClient(`${API_BASE}/dashboard/${toQueryString({ day_start: dayStart })}`, { timeoutMs: DASHBOARD_MS }).then(
        (r) => r.json as Dashboard,
      ),
    ledger: () => api<LedgerStatus>('/dashboard/ledger').then((r) => r.json),
    checkLedgerAgain: () => api<LedgerStatus>('/dashboard/ledger', { method: 'POST' }).then((r) => r.json),
  }
}
export type OfficeApi = ReturnType<typeof createOfficeApi>
