import type { FastifyInstance } from 'fastify'
import { Brand, BrandCreate, BrandListQuery, BrandUpdate } from '../../contract'
import { conflict } from '../http-errors'
import { registerNamedResource } from './named-resource'

export default async function brandRoutes(app: FastifyInstance) {
  registerNamedResource(app, {
    path: '/brands',
    tag: 'brands',
    table: 'brands',
    nameColumn: 'brand_name',
    label: 'Brand',
    schemas: { item: Brand, create: BrandCreate, update: BrandUpdate, listQuery: BrandListQuery },
    defaultSort: 'brand_name.asc',
    toApi: (row) => row,
    async refusesDeletion(db, row) {
      const { count } = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('brand_id', '=', row.id)
        .executeTakeFirstOrThrow()
      const n = Number(count)
      if (n === 0) return undefined
      return conflict('BRAND_IN_USE', `Brand "${row.brand_name}" is used by ${n} product${n === 1 ? '' : 's'} and cannot be deleted.`, {
        name: String(row.brand_name),
        count: n,
      })
    },
  })
}
