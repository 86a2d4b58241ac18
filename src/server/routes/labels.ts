// Labels to print, as PDF: reads, so nothing to audit. Staff print them from the product tab, a selection of the
// products list and a warehouse's locations.
import Type from 'typebox'
import { LocationLabelsQuery, ProductLabelsQuery } from '../../contract'
import { locationLabels, productLabels } from '../domain/labels'
import { queryWarehouse } from './support/warehouses-of'
import type { RoutePlugin } from './support/route-plugin'

const tags = ['labels']
// the answer is the PDF's bytes: typed as a Buffer, described as binary
const pdf = {
  description: 'a PDF of the labels',
  content: { 'application/pdf': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
}

const plugin: RoutePlugin = async (app) => {
  app.get(
    '/labels/products.pdf',
    {
      schema: {
        tags,
        description: 'Labels of products: barcode, article number, description, SKU.',
        querystring: ProductLabelsQuery,
        response: { 200: pdf },
      },
      config: { access: 'catalogue.read' },
    },
    async (request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="product-labels.pdf"')
        .send(await productLabels(app.db, request.query)),
  )

  app.get(
    '/labels/locations.pdf',
    {
      schema: {
        tags,
        description: "Labels of a warehouse's locations: the code as Code 128, warehouse and location names.",
        querystring: LocationLabelsQuery,
        response: { 200: pdf },
      },
      config: { access: { permission: 'stock.read', in: queryWarehouse } },
    },
    async (request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="location-labels.pdf"')
        .send(await locationLabels(app.db, request.query)),
  )
}

export default plugin
