// Purchasing as a buyer and a clerk do it: the reorder report makes a draft, it is sent (the supplier's mail carries its
// PDF), a clerk receives part of it on a phone in Dutch by scanning a location and the items (a scanner whose keys
// arrive up to 100 ms apart, a product that is not on the order, a carton typed), the rest is received on a desktop,
// and one receipt is taken back.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { PurchaseOrder } from '../../src/contract'
import { locationCode } from '../../src/contract'
import { ADMIN, apiAs, device, eventually, scan, screenshot, serverAndBrowser, signIn, unexpectedProblems } from './harness'

const e2e = serverAndBrowser({ COMPANY_NAME: 'Harbour Trading' })
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8')
const SLOW_SCANNER = [11, 75, 40, 100, 23, 98, 64]

describe('purchasing', () => {
  it('orders from the reorder report, receives by scanning on a phone and at a desk, and takes a receipt back', async () => {
    const api = await apiAs(e2e.server, ADMIN.email, ADMIN.password)
    const supplier = await api<{ id: number }>('POST', '/orgs/', {
      org_name: 'Lumen Supplies',
      is_supplier: true,
      email: 'orders@lumen.example',
      language: 'nl',
    })
    const warehouse = await api<{ id: number }>('POST', '/warehouses/', { warehouse_name: 'Harbour' })
    const dock = await api<{ id: number }>('POST', `/warehouses/${warehouse.id}/locations`, { location_name: 'DOCK-1' })
    await api('POST', `/warehouses/${warehouse.id}/locations`, { location_name: 'A-01' })
    const kettle = await api<{ id: number }>('POST', '/products/', { sku: 'KET-1', barcode: '4006381333931', description: 'Kettle' })
    const lamp = await api<{ id: number }>('POST', '/products/', { sku: 'LAMP-2', description: 'Desk lamp' })
    const stray = await api<{ id: number }>('POST', '/products/', { sku: 'STRAY-9', barcode: '5012345678900', description: 'Not ordered' })
    for (const [product, supplierSku] of [
      [kettle, 'LU-KET'],
      [lamp, 'LU-LAMP'],
    ] as const) {
      await api('PATCH', `/products/${product.id}/supplier`, {
        supplier_id: supplier.id,
        supplier_sku: supplierSku,
        purchase_price: 4.5,
        purchase_currency: 'EUR',
      })
      await api('PUT', `/products/${product.id}/reorder_levels/${warehouse.id}`, { min_stock: 2, max_stock: 6 })
    }
    void stray

    // a buyer at a desk, in English: the report makes the draft, which is sent
    const desk = await device(e2e, 'en', false)
    await signIn(desk.page)
    await desk.page.goto('/reports/reorder')
    await desk.page.getByRole('button', { name: 'Make purchase orders' }).click()
    await desk.page.waitForURL(/\/purchase_orders\/\d+$/)
    const orderId = Number(/(\d+)$/.exec(desk.page.url())![1])
    const order = await api<PurchaseOrder>('GET', `/purchase_orders/${orderId}`)
    expect(order.lines.map((line) => [line.sku, line.quantity])).toEqual([
      ['KET-1', 6],
      ['LAMP-2', 6],
    ])
    await eventually(() => desk.page.getByTestId('purchase-order-line').count()).toBe(2)
    await screenshot(desk.page, 'purchasing-draft-desktop-en')
    await desk.page.getByRole('button', { name: 'Send to the supplier' }).click()
    await desk.page.getByRole('dialog').getByRole('button', { name: 'Send to the supplier' }).click()
    await desk.page.getByText(`${order.number} is sent and mailed to orders@lumen.example.`).waitFor()
    const mail = await e2e.server.mailbox.next('orders@lumen.example')
    expect(mail.attachments.map((file) => file.filename)).toEqual([`${order.number}.pdf`])
    const printed = pdfText(mail.attachments[0].content)
    for (const text of ['Harbour Trading', order.number, 'KET-1', 'LU-KET', 'LAMP-2', 'LU-LAMP']) expect(printed).toContain(text)

    // a clerk on a phone, in Dutch: finds the order by the barcode on its PDF, then scans where and what came
    const phone = await device(e2e, 'nl')
    await phone.page.goto('/login')
    await phone.page.getByLabel('E-mail').fill(ADMIN.email)
    await phone.page.getByLabel('Wachtwoord').fill(ADMIN.password)
    await phone.page.getByRole('button', { name: 'Inloggen' }).click()
    await phone.page.waitForURL((url) => !url.pathname.startsWith('/login'))
    await phone.page.goto('/purchase_orders/receive')
    await phone.page.getByText('Scan de barcode op de PDF van de order').waitFor()
    await scan(phone.page, order.number, SLOW_SCANNER)
    await phone.page.waitForURL(`**/purchase_orders/${orderId}/receive`)
    await phone.page.getByRole('heading', { level: 2, name: `${order.number} ontvangen` }).waitFor()
    await eventually(() => phone.page.getByTestId('receive-line').count()).toBe(2)
    const said = phone.page.getByRole('status')
    // an item before a location is not booked anywhere
    await scan(phone.page, '4006381333931', SLOW_SCANNER)
    await said.getByText('Scan of kies eerst de locatie.').waitFor()
    await scan(phone.page, locationCode(dock.id), SLOW_SCANNER)
    await said.getByText('Locatie DOCK-1 gekozen.').waitFor()
    await scan(phone.page, '4006381333931', SLOW_SCANNER)
    await scan(phone.page, 'lu-ket', SLOW_SCANNER)
    await said.getByText('KET-1 op DOCK-1: nu 2').waitFor()
    await scan(phone.page, '5012345678900', SLOW_SCANNER)
    await said.getByText(`5012345678900 staat niet op ${order.number}: er is niets geboekt.`).waitFor()
    // a carton of lamps, typed
    const lampQuantity = phone.page.getByRole('textbox', { name: 'Aantal LAMP-2 op deze locatie' })
    await lampQuantity.fill('4')
    await lampQuantity.press('Enter')
    await phone.page.getByTestId('receive-summary').getByText('6 stuks te boeken').waitFor()
    await screenshot(phone.page, 'purchasing-receive-phone-nl')
    const book = phone.page.getByRole('button', { name: 'Ontvangst boeken' })
    const box = await book.boundingBox()
    expect(box!.height).toBeGreaterThanOrEqual(44)
    await book.click()
    await phone.page.getByText(/Ontvangst #\d+ is geboekt\. De order is nu deels ontvangen\./).waitFor()
    await eventually(async () => (await api<PurchaseOrder>('GET', `/purchase_orders/${orderId}`)).status).toBe('partially_received')
    // a label for each unit that came: two kettles and four lamps
    await phone.page.getByRole('button', { name: 'Etiketten afdrukken' }).click()
    const [download] = await Promise.all([
      phone.page.waitForEvent('download'),
      phone.page.getByRole('button', { name: 'PDF downloaden' }).click(),
    ])
    const labels = pdfText(fs.readFileSync(await download.path()))
    expect([labels.match(/SKU KET-1/g)?.length, labels.match(/SKU LAMP-2/g)?.length]).toEqual([2, 4])

    // the rest at the desk: the shelf, typed
    await desk.page.goto(`/purchase_orders/${orderId}/receive`)
    await desk.page.getByLabel('Location', { exact: true }).selectOption({ label: 'A-01' })
    await desk.page.getByRole('textbox', { name: 'How many of KET-1 at this location' }).fill('4')
    const lampHere = desk.page.getByRole('textbox', { name: 'How many of LAMP-2 at this location' })
    await lampHere.fill('2')
    await lampHere.press('Enter')
    await desk.page.getByTestId('receive-summary').getByText('6 units to book').waitFor()
    await screenshot(desk.page, 'purchasing-receive-desktop-en')
    await desk.page.getByRole('button', { name: 'Book receipt' }).click()
    await desk.page.getByText(/Receipt #\d+ is booked\. The order is received now\./).waitFor()
    // the kettle's stock tab names the order each receipt came with, linking to it
    await desk.page.goto(`/products/${kettle.id}/stock`)
    const orderLinks = desk.page.getByRole('link', { name: `Purchase order ${order.number}` })
    await eventually(() => orderLinks.count()).toBe(2)
    expect(await orderLinks.first().getAttribute('href')).toBe(`/purchase_orders/${orderId}`)
    const received = await api<PurchaseOrder>('GET', `/purchase_orders/${orderId}`)
    expect(received.lines.map((line) => [line.sku, line.received, line.open])).toEqual([
      ['KET-1', 6, 0],
      ['LAMP-2', 6, 0],
    ])

    // the phone's receipt is taken back from the order's page
    await desk.page.goto(`/purchase_orders/${orderId}`)
    const receipts = desk.page.getByTestId('purchase-receipt')
    await eventually(() => receipts.count()).toBe(2)
    await receipts.first().getByRole('button', { name: 'Take back' }).click()
    await desk.page.getByRole('dialog').getByRole('button', { name: 'Take back' }).click()
    await desk.page.getByText(/Receipt #\d+ is taken back\./).waitFor()
    await eventually(async () => (await api<PurchaseOrder>('GET', `/purchase_orders/${orderId}`)).status).toBe('partially_received')
    const after = await api<PurchaseOrder>('GET', `/purchase_orders/${orderId}`)
    expect(after.lines.map((line) => [line.sku, line.received, line.open])).toEqual([
      ['KET-1', 4, 2],
      ['LAMP-2', 2, 4],
    ])
    await screenshot(desk.page, 'purchasing-order-desktop-en')
    await phone.page.goto(`/purchase_orders/${orderId}`)
    await phone.page.getByText('Ontvangst', { exact: false }).first().waitFor()
    await screenshot(phone.page, 'purchasing-order-phone-nl')
    await phone.page.goto('/purchase_orders')
    await phone.page.getByTestId('purchase-order-row').first().waitFor()
    await screenshot(phone.page, 'purchasing-list-phone-nl')
    // the dashboard counts the order among those on their way
    await phone.page.goto('/dashboard')
    await phone.page.getByTestId('tile-purchase-orders').getByText('Inkooporders onderweg').waitFor()
    await screenshot(phone.page, 'purchasing-dashboard-phone-nl')

    expect(unexpectedProblems(desk.problems)).toEqual([])
    expect(unexpectedProblems(phone.problems)).toEqual([])
    await desk.context.close()
    await phone.context.close()
  })
})
