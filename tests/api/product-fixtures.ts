// Records the product and stock tests build on, made through the API so every step is checked.
import { expect } from 'vitest'
import type { Client, Response } from './helpers'

export function created(res: Response) {
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

export function ok(res: Response) {
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** The single fastapi-style validation item of a 422, for assertions on loc and msg. */
export function validationItems(res: Response): { loc: (string | number)[]; msg: string; type: string }[] {
  expect(res.statusCode, res.body).toBe(422)
  return res.json().detail
}

export const fixtures = (client: Client) => ({
  brand: async (brand_name: string) => created(await client.post('/api/brands/', { brand_name })),
  organization: async (
    org_name: string,
    fields: { is_seller?: boolean; is_supplier?: boolean; email?: string | null; language?: 'en' | 'nl' } = {},
  ) => created(await client.post('/api/orgs/', { org_name, ...fields })),
  warehouse: async (warehouse_name: string) => created(await client.post('/api/warehouses/', { warehouse_name })),
  location: async (warehouseId: number, location_name: string) =>
    created(await client.post(`/api/warehouses/${warehouseId}/locations`, { location_name })),
  product: async (fields: Record<string, unknown> = {}) => created(await client.post('/api/products/', fields)),
  /** books as asked: an amount out says yes to taking its location below zero, where the warehouse asks */
  book: async (productId: number, mutation: { amount: number; warehouse_id: number; location_id: number; note?: string }) =>
    created(
      await client.post(`/api/products/${productId}/stock_mutations`, {
        ...mutation,
        ...(mutation.amount < 0 ? { allow_negative: true } : {}),
      }),
    ),
})
