// react-admin's data calls: ra-data-simple-rest, overridden only where the Stockroom API (SPEC §7) differs from simple
// REST. A resource may be a path: `products/5/stock_mutations`, `products/5/sellers`, `warehouses/2/locations`.
import type { DataProvider, GetListParams, GetListResult, GetManyParams, GetManyReferenceParams, Identifier, RaRecord } from 'ra-core'
import simpleRestProvider from 'ra-data-simple-rest'
import {
  API_BASE,
  type LocationLabelsQuery,
  type Product,
  type ProductLabelsQuery,
  type ProductPage,
  type SupplierInfoUpdate,
} from '../../contract'
import { apiOf, toQueryString, type Api, type HttpClient } from './http'
import { sendOf, type Send } from './operations'
import { OPERATIONS } from '../../contract/operations'

/** react-admin's getManyReference target → the parent collection that nests the resource */
const PARENT_OF_TARGET: Record<string, string> = { product_id: 'products', warehouse_id: 'warehouses' }

/** skip/limit, `sort_by=field.asc|desc` and each filter as a plain parameter (simple REST sends range, sort, filter as JSON) */
export function listQuery({ pagination, sort, filter }: Partial<GetListParams>) {
  const query: Record<string, string | number | boolean | Array<string | number> | undefined> = {}
  if (pagination) {
    query.skip = (pagination.page - 1) * pagination.perPage
    query.limit = pagination.perPage
  }
  if (sort?.field) query.sort_by = `${sort.field}.${sort.order === 'DESC' ? 'desc' : 'asc'}`
  for (const [key, value] of Object.entries((filter ?? {}) as Record<string, (typeof query)[string] | null>)) {
    if (value !== undefined && value !== null && value !== '') query[key] = value
  }
  return query
}

/** Only what changed goes to the server, so nested read-only data (brand, stock, ...) is never sent back. */
export function changedFields(data: Record<string, unknown>, previous?: Record<string, unknown>) {
  if (!previous) return data
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(previous[key])))
}

export interface StockroomDataProvider extends DataProvider {
  /** PATCH /products/{id}/supplier; answers the whole product */
  updateSupplier(productId: Identifier, data: SupplierInfoUpdate): Promise<{ data: Product }>
  /** GET /labels/{products|locations}.pdf: the labels' PDF */
  labelsPdf(kind: 'products' | 'locations', query: ProductLabelsQuery | LocationLabelsQuery): Promise<Blob>
  /** a read by path (a report, a count), through the same client as every call */
  call: Api
  /** a write declared in src/contract/operations.ts (applying a count, a scan, a transfer) */
  send: Send
}

/** a PDF of a thousand labels takes the server about a second, longer on a busy one */
const LABELS_TIMEOUT_MS = 20_000

export function createDataProvider(httpClient: HttpClient): StockroomDataProvider {
  const simpleRest = simpleRestProvider(API_BASE, httpClient, 'X-Total-Count')
  const send = sendOf(httpClient)
  const item = (resource: string, id: Identifier) => `${API_BASE}/${resource}/${encodeURIComponent(String(id))}`

  /** Lists answer an array with `x-total-count`, except products: `{items, total}`. */
  async function getList(resource: string, params: Partial<GetListParams>): Promise<GetListResult> {
    const { json, headers } = await httpClient(`${API_BASE}/${resource}/${toQueryString(listQuery(params))}`, { signal: params.signal })
    const page = json as RaRecord[] | ProductPage
    if (!Array.isArray(page)) return { data: page.items, total: page.total }
    return { data: page, total: Number(headers.get('x-total-count') ?? page.length) }
  }

  /** PATCH, not simple REST's PUT of the whole record */
  async function update(
    resource: string,
    { id, data, previousData }: { id: Identifier; data: Partial<RaRecord>; previousData?: RaRecord },
  ) {
    const { json } = await httpClient(item(resource, id), { method: 'PATCH', body: JSON.stringify(changedFields(data, previousData)) })
    return { data: json as RaRecord }
  }

  return {
    ...simpleRest,
    getList: getList as DataProvider['getList'],

    /** one request for all ids: `GET /api/brands/?id=1&id=4` */
    async getMany(resource, { ids, signal }: GetManyParams<RaRecord>) {
      const { data } = await getList(resource, { filter: { id: ids }, signal })
      return { data: data as never }
    },

    getManyReference(resource, { target, id, ...params }: GetManyReferenceParams) {
      const parent = PARENT_OF_TARGET[target]
      if (!parent) return getList(resource, { ...params, filter: { ...(params.filter as object), [target]: id } }) as never
      return getList(`${parent}/${id}/${resource}`, params) as never
    },

    // our collections live at `/brands/` (as the OpenAPI names them); the server would also take simple REST's `/brands`
    create: (resource, params) => simpleRest.create(`${resource}/`, params),

    update: update as DataProvider['update'],

    async updateMany(resource, { ids, data }) {
      await Promise.all(ids.map((id) => update(resource, { id, data })))
      return { data: ids }
    },

    // the API answers a deletion with 204 and no body, where simple REST expects the deleted record back
    async delete(resource, params) {
      await simpleRest.delete(resource, params)
      return { data: params.previousData ?? ({ id: params.id } as never) }
    },

    async deleteMany(resource, { ids }) {
      await Promise.all(ids.map((id) => simpleRest.delete(resource, { id })))
      return { data: ids }
    },

    call: apiOf(httpClient),
    send,

    async updateSupplier(productId, data) {
      return { data: await send(OPERATIONS.updateSupplier, { params: { id: productId }, body: data }) }
    },

    async labelsPdf(kind, query) {
      const url = `${API_BASE}/labels/${kind}.pdf${toQueryString(query)}`
      const { blob } = await httpClient(url, { headers: new Headers({ Accept: 'application/pdf' }), timeoutMs: LABELS_TIMEOUT_MS })
      return blob!
    },
  }
}
