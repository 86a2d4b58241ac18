// Every field of the product registry (src/contract/product-fields.ts) works end to end, so a field added there is
// tested without a line here: stored trimmed when added and edited, an emptied one is no value, answered in the
// product and the list, refused over its length naming the field, exported under its label when the registry says
// so, and read by an import from a column headed with its label.
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PRODUCT_FIELD_NAMES, PRODUCT_FIELD_SPECS, type ProductFieldName } from '../../src/contract/product-fields'
import { textAt } from '../../src/server/domain/texts'
import { importRunnerOf } from '../../src/server/domain/imports/run'
import { startServer, type TestServer } from './helpers'
import { created as createdOf, ok } from './product-fixtures'
import { csv, upload } from './uploads'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

/** A value of the field's kind, unique to `tag` */
const sample = (name: ProductFieldName, tag: string) => {
  const kind = PRODUCT_FIELD_SPECS[name].kind
  if (kind === 'url') return `https://images.example/${tag}/${name}.png`
  return kind === 'text' ? `${tag} ${name}, a longer text` : `${tag}-${name}`.toUpperCase()
}
const label = (name: ProductFieldName) => textAt('en', `resources.products.fields.${name}`)
const valuesOf = (tag: string) => Object.fromEntries(PRODUCT_FIELD_NAMES.map((name) => [name, sample(name, tag)]))

it('stores each field trimmed, answers it in the product and the list, and an emptied one is no value', async () => {
  // a web address is checked as sent; the others are trimmed
  const padded = Object.fromEntries(
    PRODUCT_FIELD_NAMES.map((name) => [
      name,
      PRODUCT_FIELD_SPECS[name].kind === 'url' ? sample(name, 'add') : `  ${sample(name, 'add')}  `,
    ]),
  )
  const created = createdOf(await server.admin.post('/api/products/', padded))
  expect(created).toMatchObject(valuesOf('add'))
  expect(ok(await server.admin.get(`/api/products/${created.id}`))).toMatchObject(valuesOf('add'))
  const listed = ok(await server.admin.get(`/api/products/?id=${created.id}`))
  expect(listed.items[0]).toMatchObject(valuesOf('add'))

  const edited = ok(await server.admin.patch(`/api/products/${created.id}`, valuesOf('edit')))
  expect(edited).toMatchObject(valuesOf('edit'))
  const emptied = ok(
    await server.admin.patch(
      `/api/products/${created.id}`,
      Object.fromEntries(PRODUCT_FIELD_NAMES.map((n) => [n, PRODUCT_FIELD_SPECS[n].kind === 'url' ? '' : ' '])),
    ),
  )
  expect(emptied).toMatchObject(Object.fromEntries(PRODUCT_FIELD_NAMES.map((name) => [name, null])))
})

it.each(PRODUCT_FIELD_NAMES)('refuses %s over its length with a 422 naming it, and changes nothing', async (name) => {
  const before = ok(await server.admin.get('/api/products/?limit=1')).total
  const answer = await server.admin.post('/api/products/', {
    [name]: `https://x.example/${'x'.repeat(PRODUCT_FIELD_SPECS[name].maxLength)}`,
  })
  expect(answer.statusCode).toBe(422)
  expect(JSON.stringify(answer.json().detail)).toContain(name)
  expect(ok(await server.admin.get('/api/products/?limit=1')).total).toBe(before)
})

it('exports the fields the registry exports under their labels, and an import reads every imported one by its label', async () => {
  const product = createdOf(await server.admin.post('/api/products/', valuesOf('out')))
  const exported = await server.admin.get(`/api/products/export?format=csv&sku=${encodeURIComponent(product.sku)}`)
  const [header, row]: string[][] = parse(exported.rawPayload.subarray(3).toString('utf8'))
  const cells = PRODUCT_FIELD_NAMES.map((name) => ({
    name,
    cell: header.includes(label(name)) ? row[header.indexOf(label(name))] : 'not exported',
  }))
  expect(cells).toEqual(
    PRODUCT_FIELD_NAMES.map((name) => ({ name, cell: PRODUCT_FIELD_SPECS[name].exported ? sample(name, 'out') : 'not exported' })),
  )

  const imported = PRODUCT_FIELD_NAMES.filter((name) => PRODUCT_FIELD_SPECS[name].imported)
  const values = valuesOf('in')
  const file = { name: 'products.csv', content: csv([imported.map(label), imported.map((name) => values[name])]) }
  const token = await server.login('admin@example.com', 'admin-password-1')
  const answer = await upload(server, token, { kind: 'products' }, file, false)
  expect(answer.statusCode, answer.body).toBe(202)
  await importRunnerOf(server.database).settled()
  const found = ok(await server.admin.get(`/api/products/?sku=${encodeURIComponent(values.sku)}`))
  expect(found.items).toEqual([expect.objectContaining(Object.fromEntries(imported.map((name) => [name, values[name]])))])
})
