// A page of the product list and its total come from one snapshot: while others add and remove matching products,
// a page that holds every match always has as many items as its total says (issue 11, "reads that agree").
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dbKind, startServer, type TestServer } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => server.close())

describe(`the product list under writes (${dbKind})`, () => {
  it('never answers a page that disagrees with its own total', async () => {
    const ROUNDS = 100
    let writing = true
    // each writer adds matching products and removes them again five later, so the matches stay few
    const writer = async (name: string) => {
      const alive: number[] = []
      for (let n = 0; writing; n++) {
        const created = await server.admin.post('/api/products/', { description: `snapshot probe ${name}${n}`, sku: `SNAP-${name}${n}` })
        expect(created.statusCode).toBe(201)
        alive.push(created.json<{ id: number }>().id)
        const removed = alive.length > 5 ? await server.admin.delete(`/api/products/${alive.shift()}`) : undefined
        expect(removed?.statusCode ?? 204).toBe(204)
      }
    }
    const disagreements: string[] = []
    const reader = async () => {
      for (let round = 0; round < ROUNDS; round++) {
        // a filter whose matches fit one page, sorted by a column the filter is not on: count and page are two reads
        const page = await server.admin.get('/api/products/?description=snapshot%20probe&sort_by=sku.desc&limit=100')
        expect(page.statusCode).toBe(200)
        const { items, total } = page.json<{ items: unknown[]; total: number }>()
        if (items.length !== Math.min(total, 100)) disagreements.push(`${items.length} items, total ${total}`)
      }
    }
    const writers = [writer('a'), writer('b')]
    await Promise.all([reader(), reader()])
    writing = false
    await Promise.all(writers)
    expect(disagreements).toEqual([])
  })
})
