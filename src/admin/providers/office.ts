// The office's calls (issue 14) outside react-admin's data model: downloads of exports, uploads of imports, undo,
// the dashboard. All through the one http client (bearer token, errors in the user's language).
import type { Dashboard, ExportFormat, ImportKind, ImportMode, ImportReport, LedgerStatus, UndoCheck } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { API_BASE } from '../../contract/constants'
import { apiOf, toQueryString, type HttpClient } from './http'
import { LONG_CALL_MS, sendOf } from './operations'

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>

const DASHBOARD_MS = 15_000
const SPREADSHEETS = 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

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
  const send = sendOf(httpClient)
  const download = async (path: string, query: Query, accept = SPREADSHEETS) => {
    const { blob, headers } = await httpClient(`${API_BASE}/${path}${toQueryString(query)}`, {
      // not JSON: the client answers the file's bytes
      headers: { Accept: accept },
      timeoutMs: LONG_CALL_MS,
    })
    save(blob!, fileNameOf(headers.get('content-disposition'), path.replace(/\W+/g, '-')))
  }
  return {
    /** downloads `<list>/export` in `format` with the list's query and headers in `lang` */
    exportList: (path: string, format: ExportFormat, lang: string, query: Query) => download(`${path}/export`, { ...query, format, lang }),
    /** the order as its supplier reads it, in `lang` (the supplier's language when left out) */
    purchaseOrderPdf: (id: number, lang?: string) => download(`purchase_orders/${id}/pdf`, { lang }, 'application/pdf'),
    refusedRows: (importId: number, lang: string) => download(`imports/${importId}/refused`, { lang }),
    async upload(file: File, { kind, mode, mapping, dryRun }: UploadOptions): Promise<ImportReport> {
      const form = new FormData()
      form.append('kind', kind)
      if (mode) form.append('mode', mode)
      if (mapping) form.append('mapping', JSON.stringify(mapping))
      form.append('file', file, file.name)
      return send(OPERATIONS.uploadImport, { body: form, ...(dryRun ? { query: { dry_run: true } } : {}) })
    },
    importReport: (id: number) => api<ImportReport>(`/imports/${id}`).then((r) => r.json),
    imports: () => api<ImportReport[]>('/imports/', { query: { limit: 10 } }).then((r) => r.json),
    revertImport: (id: number) => send(OPERATIONS.revertImport, { params: { id } }),
    restoreMutation: (productId: number, mutationId: number) =>
      send(OPERATIONS.restoreMutation, { params: { id: productId, mutation_id: mutationId } }),
    undoCheck: (auditId: number) => api<UndoCheck>(`/audit/${auditId}/undo`).then((r) => r.json),
    undo: (auditId: number) => send(OPERATIONS.undo, { params: { id: auditId } }),
    dashboard: (dayStart: string) =>
      httpClient(`${API_BASE}/dashboard/${toQueryString({ day_start: dayStart })}`, { timeoutMs: DASHBOARD_MS }).then(
        (r) => r.json as Dashboard,
      ),
    ledger: () => api<LedgerStatus>('/dashboard/ledger').then((r) => r.json),
    checkLedgerAgain: () => send(OPERATIONS.checkLedgerAgain),
  }
}
export type OfficeApi = ReturnType<typeof createOfficeApi>
