// Hostile files sent to the import: a workbook that unpacks to far more than its size (declared honestly, or with
// sizes that lie), a cell longer than Excel allows, a row wider than Excel allows, XML nested thousands deep, and the
// same in CSV. Each is refused with a 422 naming the file and the limit, in a dry run and a kept import alike, nothing
// is imported, and the server's memory is back to where it was.
import v8 from 'node:v8'
import vm from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type Response, type TestServer } from './helpers'
import { cell, declaring, workbook } from './hostile-files'
import { csv, upload, xlsx } from './uploads'

let server: TestServer
let token: string
beforeAll(async () => {
  server = await startServer()
  token = await server.login('admin@example.com', 'admin-password-1')
})
afterAll(() => server.close())

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void
const heapMb = () => {
  gc()
  return process.memoryUsage().heapUsed / 1024 / 1024
}

/** The refusal of a dry run and of a kept import of the file: both 422 on the file, the same sentence. */
async function refusals(name: string, content: Buffer | string): Promise<string> {
  const answers: Response[] = [
    await upload(server, token, { kind: 'products' }, { name, content }),
    await upload(server, token, { kind: 'products', mode: 'all_or_nothing' }, { name, content }, false),
  ]
  const sentences = answers.map((res) => {
    expect(res.statusCode, res.body).toBe(422)
    const [item] = res.json().detail
    expect(item.loc).toEqual(['body', 'file'])
    return item.msg as string
  })
  expect(sentences[1]).toBe(sentences[0])
  return sentences[0]
}

describe('a hostile workbook', () => {
  let before: number
  beforeAll(() => {
    before = heapMb()
  })

  it('that unpacks to far more than its size is refused before it is unpacked', async () => {
    // 40 MB of one letter packs into about 40 kB
    const bomb = await workbook(cell('a'.repeat(40 * 1024 * 1024)))
    expect(bomb.length).toBeLessThan(200 * 1024)
    expect(await refusals('bomb.xlsx', bomb)).toMatch(/unpacks to more than 16 MB|part xl\/worksheets\/sheet1\.xml unpacks to more than/)
  })

  it('whose sizes lie is stopped where it unpacks past what it declared', async () => {
    const bomb = declaring(await workbook(cell('a'.repeat(20 * 1024 * 1024))), 'xl/worksheets/sheet1.xml', 4000)
    expect(await refusals('lying.xlsx', bomb)).toMatch(/^The XLSX workbook cannot be read: xl\/worksheets\/sheet1\.xml: .*too many bytes/)
  })

  it('with a cell longer than Excel allows', async () => {
    expect(await refusals('long.xlsx', await workbook(cell('b'.repeat(40_000))))).toBe(
      'A cell holds more than 32767 characters (in xl/worksheets/sheet1.xml), more than Excel allows in a cell.',
    )
  })

  it('with a row wider than Excel allows', async () => {
    const wide = `<row r="2">${'<c t="inlineStr"><is><t>x</t></is></c>'.repeat(20_000)}</row>`
    expect(await refusals('wide.xlsx', await workbook(wide))).toBe(
      'A row has more than 16384 columns (in xl/worksheets/sheet1.xml), more than Excel allows.',
    )
  })

  it('nested thousands deep', async () => {
    const deep = `<row r="2">${'<x>'.repeat(5000)}${'</x>'.repeat(5000)}</row>`
    expect(await refusals('deep.xlsx', await workbook(deep))).toBe(
      "The workbook's part xl/worksheets/sheet1.xml is nested more than 64 levels deep, which no spreadsheet writes.",
    )
  })

  it('is told apart from a good one with a cell as long as Excel allows, whose rows are checked', async () => {
    const good = await xlsx([
      ['sku', 'description'],
      ['GOOD-1', 'c'.repeat(32_767)],
      ['GOOD-2', 'fine'],
    ])
    const res = await upload(server, token, { kind: 'products' }, { name: 'good.xlsx', content: good })
    expect(res.statusCode, res.body).toBe(200)
    // the long description is a row's problem (a product's description is shorter): the file itself is read
    expect(res.json()).toMatchObject({ status: 'done', created: 1, refused: 1, problems: [{ row: 2, column: 'description' }] })
  })

  it('leaves nothing imported, and the memory the files cost given back', async () => {
    expect((await server.admin.get('/api/imports/')).json()).toEqual([])
    expect((await server.admin.get('/api/products/')).json().total).toBe(0)
    expect(heapMb() - before).toBeLessThan(50)
  })
})

describe('a hostile CSV', () => {
  it('with a row wider than Excel allows is refused at its header', async () => {
    const wide = csv([Array.from({ length: 200_000 }, (_, i) => `c${i}`), ['x']])
    expect(await refusals('wide.csv', wide)).toBe('Row 1 has more than 16384 columns, more than Excel allows.')
  })

  it('with a cell longer than Excel allows', async () => {
    expect(
      await refusals(
        'long.csv',
        csv([
          ['sku', 'description'],
          ['L-1', 'd'.repeat(40_000)],
        ]),
      ),
    ).toBe('A cell of row 2 holds more than 32767 characters, more than Excel allows in a cell.')
  })
})
