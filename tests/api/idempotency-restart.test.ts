// A kept Idempotency-Key outlives the server process: killed with SIGKILL right after its answer, the server
// started again answers the repeat with the same answer and books nothing.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db'
import { ADMIN, dbKind, freshDatabaseUrl } from './helpers'
import { httpClient } from './http-client'
import { killRunning, listening, signIn, startProcess } from './server-process'

afterAll(killRunning)

describe(`an Idempotency-Key across a kill -9 (${dbKind})`, () => {
  it('is answered again after the server is killed and started again', async () => {
    const database = await freshDatabaseUrl()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-idem-'))
    const settings = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }
    try {
      const first = await startProcess(settings)
      await listening(first)
      const { access_token: token } = (await (await signIn(first.base, ADMIN.email, ADMIN.password)).json()) as { access_token: string }
      const client = httpClient(first.base, token)
      const created = async (url: string, body: unknown) => ((await client.post(url, body)).body as { id: number }).id
      const product = await created('/api/products/', { sku: 'KILLED-ONCE' })
      const warehouse = await created('/api/warehouses/', { warehouse_name: 'K' })
      const location = await created(`/api/warehouses/${warehouse}/locations`, { location_name: 'K-1' })
      const key = { 'idempotency-key': randomUUID() }
      const booking = { amount: 3, warehouse_id: warehouse, location_id: location }
      const booked = await client.post(`/api/products/${product}/stock_mutations`, booking, key)
      expect(booked.status).toBe(201)
      client.close()
      first.child.kill('SIGKILL')
      expect(await first.exited).toMatchObject({ signal: 'SIGKILL' })

      const second = await startProcess(settings)
      await listening(second)
      const again = httpClient(second.base, token)
      const replayed = await again.post(`/api/products/${product}/stock_mutations`, booking, key)
      again.close()
      expect(replayed.status).toBe(201)
      expect(replayed.headers['idempotent-replayed']).toBe('true')
      expect(replayed.body).toEqual(booked.body)
      second.child.kill('SIGKILL')
      await second.exited

      const handle = openDatabase(database.url)
      try {
        expect(await handle.db.selectFrom('stock_mutations').select('id').execute()).toEqual([{ id: (booked.body as { id: number }).id }])
      } finally {
        await handle.close()
      }
    } finally {
      await killRunning()
      await database.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
