// Organizations, and the suppliers and sellers views of them that the product screens pick from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type Client, type TestServer } from './helpers'

let server: TestServer
let staff: Client
beforeAll(async () => {
  server = await startServer()
  // organizations are everyday work: an ordinary user manages them
  staff = server.client((await server.createUser()).token)
})
afterAll(() => server.close())

const names = (res: { json(): unknown }) => (res.json() as { org_name: string }[]).map((o) => o.org_name)
const create = async (body: Record<string, unknown>) => {
  const res = await staff.post('/api/orgs/', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ id: number; org_name: string; is_seller: boolean; is_supplier: boolean; created_at: string }>()
}
const stamp = () => new Date().toISOString()
async function insertProduct(fields: { supplier_id?: number } = {}) {
  return server.database.db
    .insertInto('products')
    .values({ sku: `p-${Math.random()}`, created_at: stamp(), updated_at: stamp(), ...fields } as never)
    .returning('id')
    .executeTakeFirstOrThrow()
}
const insertSeller = (product_id: number, seller_id: number) =>
  server.database.db
    .insertInto('product_sellers')
    .values({ product_id, seller_id, selling_price: 1, selling_currency: 'EUR', created_at: stamp(), updated_at: stamp() })
    .execute()

describe('organizations', () => {
  it('creates with 201, flags false unless given, true booleans in the answer', async () => {
    const plain = await create({ org_name: '  Plain Org  ' })
    expect(plain).toMatchObject({ org_name: 'Plain Org', is_seller: false, is_supplier: false })
    expect(plain).toHaveProperty('created_at')
    expect(plain).toHaveProperty('updated_at')
    const both = await create({ org_name: 'Both Ways', is_seller: true, is_supplier: true })
    expect(both).toMatchObject({ is_seller: true, is_supplier: true })
  })

  it('reads, changes by PATCH and PUT (only the fields given), deletes with 204; 404 for unknown ids', async () => {
    const org = await create({ org_name: 'Changing Co', is_seller: true })
    expect((await staff.get(`/api/orgs/${org.id}`)).json()).toMatchObject({ id: org.id, org_name: 'Changing Co', is_seller: true })
    const patched = await staff.patch(`/api/orgs/${org.id}`, { is_supplier: true })
    expect(patched.json()).toMatchObject({ org_name: 'Changing Co', is_seller: true, is_supplier: true })
    expect(Date.parse(patched.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(org.created_at))
    const put = await staff.put(`/api/orgs/${org.id}`, { org_name: 'Changed Co', is_seller: false })
    expect(put.json()).toMatchObject({ org_name: 'Changed Co', is_seller: false, is_supplier: true })
    expect((await staff.delete(`/api/orgs/${org.id}`)).statusCode).toBe(204)
    expect((await staff.get(`/api/orgs/${org.id}`)).statusCode).toBe(404)
    expect((await staff.patch(`/api/orgs/${org.id}`, { is_seller: true })).statusCode).toBe(404)
    expect((await staff.delete(`/api/orgs/${org.id}`)).statusCode).toBe(404)
  })

  it('names bad fields in a 422', async () => {
    for (const [body, field] of [
      [{ org_name: '   ' }, 'org_name'],
      [{}, 'org_name'],
      [{ org_name: 'x'.repeat(201) }, 'org_name'],
      [{ org_name: 'Flags', is_seller: 'yes' }, 'is_seller'],
      [{ org_name: 'Flags', is_supplier: 1 }, 'is_supplier'],
    ] as const) {
      const res = await staff.post('/api/orgs/', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(422)
      expect(res.json().detail[0].loc).toEqual(['body', field])
    }
    expect((await staff.patch('/api/orgs/0', { is_seller: true })).statusCode).toBe(422)
  })

  it('keeps an e-mail address (none unless given) and the language of what is sent to it (English unless given)', async () => {
    const plain = await create({ org_name: 'Mail-less Supplies' })
    expect(plain).toMatchObject({ email: null, language: 'en' })
    const dutch = await create({ org_name: 'Leverancier NL', is_supplier: true, email: 'inkoop@leverancier.nl', language: 'nl' })
    expect(dutch).toMatchObject({ email: 'inkoop@leverancier.nl', language: 'nl' })
    expect((await staff.get(`/api/orgs/${dutch.id}`)).json()).toMatchObject({ email: 'inkoop@leverancier.nl', language: 'nl' })
    // a change of name or role leaves them as they are; null clears the address
    expect((await staff.patch(`/api/orgs/${dutch.id}`, { org_name: 'Leverancier BV' })).json()).toMatchObject({
      email: 'inkoop@leverancier.nl',
      language: 'nl',
    })
    const changed = await staff.put(`/api/orgs/${dutch.id}`, { email: null, language: 'en' })
    expect(changed.json()).toMatchObject({ org_name: 'Leverancier BV', email: null, language: 'en' })
    expect((await staff.get('/api/suppliers/?q=leverancier')).json()).toEqual([expect.objectContaining({ email: null, language: 'en' })])
  })

  it('names a bad e-mail address or language in a 422, and changes nothing', async () => {
    const org = await create({ org_name: 'Strict Mail', email: 'orders@strict.example' })
    for (const [body, field] of [
      [{ email: 'not an address' }, 'email'],
      [{ email: '' }, 'email'],
      [{ email: `${'a'.repeat(243)}@example.com` }, 'email'],
      [{ email: 7 }, 'email'],
      [{ language: 'de' }, 'language'],
      [{ language: null }, 'language'],
    ] as const) {
      for (const res of [
        await staff.post('/api/orgs/', { org_name: 'Never Made', ...body }),
        await staff.patch(`/api/orgs/${org.id}`, body),
      ]) {
        expect(res.statusCode, JSON.stringify(body)).toBe(422)
        expect(res.json().detail[0].loc).toEqual(['body', field])
      }
    }
    expect((await staff.get(`/api/orgs/${org.id}`)).json()).toMatchObject({ email: 'orders@strict.example', language: 'en' })
    expect((await staff.get('/api/orgs/?q=never made')).json()).toEqual([])
  })

  it('keeps names unique whatever the case: 409 on create and rename', async () => {
    const first = await create({ org_name: 'Unique Trading' })
    const dup = await staff.post('/api/orgs/', { org_name: 'UNIQUE trading' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ code: 'DUPLICATE_NAME', detail: 'Organization "UNIQUE trading" already exists.' })
    const other = await create({ org_name: 'Other Trading' })
    const rename = await staff.patch(`/api/orgs/${other.id}`, { org_name: ' unique TRADING ' })
    expect(rename.statusCode).toBe(409)
    expect((await staff.get(`/api/orgs/${other.id}`)).json().org_name).toBe('Other Trading')
    // renaming to its own name in another case is fine
    expect((await staff.patch(`/api/orgs/${first.id}`, { org_name: 'UNIQUE TRADING' })).json().org_name).toBe('UNIQUE TRADING')
  })

  it('lists with x-total-count, paging, sorting and a q search', async () => {
    const all = await staff.get('/api/orgs')
    expect(all.statusCode).toBe(200)
    expect(Number(all.headers['x-total-count'])).toBe(all.json().length)
    const sorted = names(all)
    expect(sorted).toEqual([...sorted].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    const desc = await staff.get('/api/orgs/?sort_by=org_name.desc&limit=2')
    expect(names(desc)).toEqual([...sorted].reverse().slice(0, 2))
    expect(desc.headers['x-total-count']).toBe(all.headers['x-total-count'])
    const found = await staff.get('/api/orgs/?q=TRADING')
    expect(names(found).sort()).toEqual(['Other Trading', 'UNIQUE TRADING'])
    expect(found.headers['x-total-count']).toBe('2')
    expect((await staff.get('/api/orgs/?sort_by=is_seller.asc')).statusCode).toBe(422)
    expect((await staff.get('/api/orgs/?limit=1001')).statusCode).toBe(422)
    expect((await staff.get('/api/orgs/?skip=-1')).statusCode).toBe(422)
  })

  it('answers only the records of repeated ids in one request (getMany), paged and counted', async () => {
    const [a, b] = [await create({ org_name: 'Many Org A' }), await create({ org_name: 'Many Org B' })]
    const both = await staff.get(`/api/orgs/?id=${b.id}&id=${a.id}`)
    expect(names(both)).toEqual(['Many Org A', 'Many Org B'])
    expect(both.headers['x-total-count']).toBe('2')
    const second = await staff.get(`/api/orgs/?id=${b.id}&id=${a.id}&skip=1`)
    expect(names(second)).toEqual(['Many Org B'])
    expect(second.headers['x-total-count']).toBe('2')
  })

  it('needs a session', async () => {
    expect((await server.anonymous.get('/api/orgs/')).statusCode).toBe(401)
    expect((await server.anonymous.post('/api/orgs/', { org_name: 'Anon' })).statusCode).toBe(401)
    expect((await server.anonymous.post('/api/suppliers/', { org_name: 'Anon' })).statusCode).toBe(401)
  })
})

describe('suppliers and sellers', () => {
  let supplier: { id: number }, seller: { id: number }, both: { id: number }
  beforeAll(async () => {
    supplier = await create({ org_name: 'Role Supplier', is_supplier: true })
    seller = await create({ org_name: 'Role Seller', is_seller: true })
    both = await create({ org_name: 'Role Both', is_supplier: true, is_seller: true })
    await create({ org_name: 'Role None' })
  })

  it('GET /suppliers/ and /sellers/ list only organizations in that role, with x-total-count and q', async () => {
    const suppliers = await staff.get('/api/suppliers/?q=role')
    expect(names(suppliers)).toEqual(['Role Both', 'Role Supplier'])
    expect(suppliers.headers['x-total-count']).toBe('2')
    const sellers = await staff.get('/api/sellers?q=role')
    expect(names(sellers)).toEqual(['Role Both', 'Role Seller'])
    expect(sellers.headers['x-total-count']).toBe('2')
    const everySupplier = (await staff.get('/api/suppliers/')).json<{ is_supplier: boolean }[]>()
    expect(everySupplier.every((o) => o.is_supplier)).toBe(true)
    expect([supplier.id, seller.id, both.id]).toHaveLength(3)
  })

  it('GET /suppliers/ and /sellers/ with repeated ids answer those of them in that role', async () => {
    const suppliers = await staff.get(`/api/suppliers/?id=${supplier.id}&id=${seller.id}&id=${both.id}`)
    expect(names(suppliers)).toEqual(['Role Both', 'Role Supplier'])
    expect(suppliers.headers['x-total-count']).toBe('2')
    const sellers = await staff.get(`/api/sellers/?id=${seller.id}`)
    expect(names(sellers)).toEqual(['Role Seller'])
    expect(sellers.headers['x-total-count']).toBe('1')
  })

  it('POST /suppliers/ {org_name} creates a supplier with 201', async () => {
    const res = await staff.post('/api/suppliers/', { org_name: ' Fresh Supplier ' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ id: expect.any(Number), org_name: 'Fresh Supplier', is_supplier: true, is_seller: false })
    expect(names(await staff.get('/api/suppliers/?q=fresh'))).toEqual(['Fresh Supplier'])
  })

  it('POST /suppliers/ with the name of an existing organization makes it a supplier too (200, same record)', async () => {
    const res = await staff.post('/api/suppliers/', { org_name: 'ROLE SELLER' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: seller.id, org_name: 'Role Seller', is_supplier: true, is_seller: true })
    const total = (await staff.get('/api/orgs/?q=role seller')).headers['x-total-count']
    expect(total).toBe('1')
  })

  it('POST /sellers/ does the same for sellers', async () => {
    const created = await staff.post('/api/sellers/', { org_name: 'Fresh Seller' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ is_seller: true, is_supplier: false })
    const adopted = await staff.post('/api/sellers/', { org_name: 'role supplier' })
    expect(adopted.statusCode).toBe(200)
    expect(adopted.json()).toMatchObject({ id: supplier.id, is_seller: true, is_supplier: true })
  })

  it('names bad input in a 422', async () => {
    const blank = await staff.post('/api/suppliers/', { org_name: ' ' })
    expect(blank.statusCode).toBe(422)
    expect(blank.json().detail[0].loc).toEqual(['body', 'org_name'])
    expect((await staff.post('/api/suppliers/', {})).json().detail[0]).toMatchObject({ loc: ['body', 'org_name'], type: 'missing' })
  })
})

describe('deleting an organization that products use', () => {
  it('is refused with 409 saying how many products use it, and nothing is removed', async () => {
    const org = await create({ org_name: 'Busy Org', is_supplier: true, is_seller: true })
    const supplied = await insertProduct({ supplier_id: org.id })
    const suppliedAndSold = await insertProduct({ supplier_id: org.id })
    await insertSeller(suppliedAndSold.id, org.id)
    const sold = await insertProduct()
    await insertSeller(sold.id, org.id)
    await insertSeller(sold.id, org.id)

    const res = await staff.delete(`/api/orgs/${org.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      detail: 'Organization "Busy Org" is used by 3 products as supplier or seller and cannot be deleted.',
      code: 'ORGANIZATION_IN_USE',
      params: { name: 'Busy Org', count: 3 },
    })
    expect((await staff.get(`/api/orgs/${org.id}`)).statusCode).toBe(200)

    // as the references go, so does the refusal
    const db = server.database.db
    await db.deleteFrom('product_sellers').where('seller_id', '=', org.id).execute()
    expect((await staff.delete(`/api/orgs/${org.id}`)).json().params).toEqual({ name: 'Busy Org', count: 2 })
    await db.updateTable('products').set({ supplier_id: null }).where('id', 'in', [supplied.id]).execute()
    expect((await staff.delete(`/api/orgs/${org.id}`)).json().detail).toMatch(/used by 1 product as supplier/)
    await db.updateTable('products').set({ supplier_id: null }).where('id', '=', suppliedAndSold.id).execute()
    expect((await staff.delete(`/api/orgs/${org.id}`)).statusCode).toBe(204)
  })
})
