// Maps react-admin's data calls to the Stockroom API (SPEC §7).
// A resource may be a path: `products/5/stock_mutations`, `products/5/sellers`, `warehouses/2/locations`.
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'ra-core'
import type { Product, ProductPage, SupplierInfoUpdate } from '../../contract'
import type { Api } from './http'

/** react-admin's getManyReference target → the parent collection that nests the resource */
const PARENT_OF_TARGET: Record<string, string> = { product_id: 'products', warehouse_id: 'warehouses' }

export function listQuery({ pagination, sort, filter }: Partial<GetListParams>) {
  const query: Record<string, string | number | boolean | undefined> = {}
  if (pagination) {
    query.skip = (pagination.page - 1) * pagination.perPage
    query.limit = pagination.perPage
  }
  if (sort?.field) query.sort_by = `${sort.field}.${sort.order === 'DESC' ? 'desc' : 'asc'}`
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value !== undefined && value !== null && value !== '') query[key] = value as string | number | boolean
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
}

export function createDataProvider(api: Api): StockroomDataProvider {
  const collection = (resource: string) => `/${resource}/`
  const item = (resource: string, id: Identifier) => `/${resource}/${encodeURIComponent(String(id))}`

  async function getList(resource: string, params: Partial<GetListParams>) {
    const { json, headers } = await api<RaRecord[] | ProductPage>(collection(resource), { query: listQuery(params) })
    if (!Array.isArray(json)) return { data: json.items as unknown as RaRecord[], total: json.total }
    const total = Number(headers.get('x-total-count') ?? json.length)
    return { data: json, total }
  }

  return {
    getList: getList as DataProvider['getList'],

    async getOne(resource, { id }) {
      const { json } = await api<RaRecord>(item(resource, id))
      return { data: json as never }
    },

    async getMany(resource, { ids }) {
      const records = await Promise.all(ids.map((id) => api<RaRecord>(item(resource, id)).then((r) => r.json)))
      return { data: records as never }
    },

    async getManyReference(resource, { target, id, ...params }) {
      const parent = PARENT_OF_TARGET[target]
      if (!parent) return getList(resource, { ...params, filter: { ...params.filter, [target]: id } }) as never
      return getList(`${parent}/${id}/${resource}`, params) as never
    },

    async create(resource, { data }) {
      const { json } = await api<RaRecord>(collection(resource), { method: 'POST', body: data ?? {} })
      return { data: json as never }
    },

    async update(resource, { id, data, previousData }) {
      const body = changedFields(data as Record<string, unknown>, previousData as Record<string, unknown>)
      const { json } = await api<RaRecord>(item(resource, id), { method: 'PATCH', body })
      return { data: json as never }
    },

    async updateMany(resource, { ids, data }) {
      await Promise.all(ids.map((id) => api(item(resource, id), { method: 'PATCH', body: data })))
      return { data: ids }
    },

    async delete(resource, { id, previousData }) {
      await api(item(resource, id), { method: 'DELETE' })
      return { data: (previousData ?? { id }) as never }
    },

    async deleteMany(resource, { ids }) {
      await Promise.all(ids.map((id) => api(item(resource, id), { method: 'DELETE' })))
      return { data: ids }
    },

    async updateSupplier(productId, data) {
      const { json } = await api<Product>(`/products/${productId}/supplier`, { method: 'PATCH', body: data })
      return { data: json }
    },
  }
}
