// A deterministic synthetic catalogue: brands, suppliers and sellers, warehouses with locations, and products
// with their seller entries and stock ledger. Each product's kept levels are summed from its own mutations as
// they are made, so the levels equal the ledger by construction (the seed checks it after loading).
import { CURRENCIES } from '../../../contract'
import { gs1CheckDigit } from '../../../contract/barcodes'
import { Random, WeightedPicker, zipfWeights } from './random'
import {
  ADJECTIVES,
  BRAND_HEADS,
  BRAND_TAILS,
  CITIES,
  COLOURS,
  MATERIALS,
  NOUNS,
  ORG_NAMES,
  SELLER_SUFFIXES,
  SPECS,
  SUPPLIER_SUFFIXES,
} from './words'

export interface CatalogueOptions {
  products: number
  warehouses: number
  /** locations per warehouse */
  locations: number
  mutations: number
  seed: number
}

/** The seeded history ends here, whatever day the seed runs, so a seed gives the same data every time. */
export const HISTORY_END = Date.UTC(2025, 5, 30)
const HISTORY_SPAN = 3 * 365 * 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

export type Row = unknown[]

/** Rows of one table laid end to end (row-major), so a batch of millions of values is a few arrays, not millions. */
export type FlatRows = unknown[]

export interface ReferenceRows {
  brands: Row[]
  organizations: Row[]
  warehouses: Row[]
  locations: Row[]
}

/** The rows of one batch of products, per table. */
export interface ProductRows {
  products: FlatRows
  product_sellers: FlatRows
  stock_mutations: FlatRows
  stock_levels: FlatRows
  warehouse_stock: FlatRows
  product_stock: FlatRows
}

export const emptyProductRows = (): ProductRows => ({
  products: [],
  product_sellers: [],
  stock_mutations: [],
  stock_levels: [],
  warehouse_stock: [],
  product_stock: [],
})

/** EAN-13: twelve digits and their GS1 check digit. */
export const ean13 = (twelveDigits: string): string => twelveDigits + String(gs1CheckDigit(twelveDigits))

/** Distinct names from two word lists, numbered once the pairs run out. */
function distinctNames(count: number, heads: readonly string[], tails: readonly string[], random: Random): string[] {
  const names: string[] = []
  const seen = new Set<string>()
  for (let round = 1; names.length < count; round++) {
    for (let tries = 0; tries < heads.length * tails.length && names.length < count; tries++) {
      const name = `${random.pick(heads)}${random.pick(tails)}${round > 1 ? ` ${round}` : ''}`
      if (seen.has(name.toLowerCase())) continue
      seen.add(name.toLowerCase())
      names.push(name)
    }
  }
  return names
}

const ASIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const ORDER_QUANTITIES = [1, 1, 5, 10, 12, 24, 50, 100]
const PACK_SIZES = [1, 1, 1, 6, 12, 24, 48]

export class Catalogue {
  readonly reference: ReferenceRows
  private readonly random: Random
  private readonly brandCodes: string[]
  private readonly brandPicker: WeightedPicker
  private readonly supplierIds: number[]
  private readonly sellerIds: number[]
  private readonly warehousePicker: WeightedPicker
  /** location ids of each warehouse, by warehouse index */
  private readonly locationIds: number[][]
  private nextSellerEntryId = 1
  private nextMutationId = 1
  private mutationsLeft: number

  constructor(private readonly options: CatalogueOptions) {
    this.random = new Random(options.seed)
    this.mutationsLeft = options.mutations
    const created = iso(HISTORY_END - HISTORY_SPAN - 86_400_000)
    const brandCount = Math.max(5, Math.round(options.products / 1000))
    const brandNames = distinctNames(brandCount, BRAND_HEADS, BRAND_TAILS, this.random)
    this.brandCodes = brandNames.map((name, i) => `${name.slice(0, 3).toUpperCase()}${i.toString(36).toUpperCase()}`)
    this.brandPicker = new WeightedPicker(zipfWeights(brandCount, 0.5))

    const supplierCount = Math.max(3, Math.round(options.products / 5000))
    const sellerCount = Math.max(2, Math.min(40, Math.round(options.products / 20000)))
    const supplierNames = distinctNames(
      supplierCount,
      ORG_NAMES.map((n) => `${n} `),
      SUPPLIER_SUFFIXES,
      this.random,
    )
    const sellerNames = distinctNames(
      sellerCount,
      ORG_NAMES.map((n) => `${n} `),
      SELLER_SUFFIXES,
      this.random,
    )
    const organizations: Row[] = [
      ...supplierNames.map((name, i) => [i + 1, name, i % 10 === 0, true, created, created]),
      ...sellerNames.map((name, i) => [supplierCount + i + 1, name, true, false, created, created]),
    ]
    this.supplierIds = supplierNames.map((_, i) => i + 1)
    this.sellerIds = [...sellerNames.map((_, i) => supplierCount + i + 1), ...this.supplierIds.filter((_, i) => i % 10 === 0)]

    const warehouseNames = distinctNames(
      options.warehouses,
      CITIES.map((c) => `${c} `),
      ['DC', 'Hub', 'Depot', 'Store'],
      this.random,
    )
    this.warehousePicker = new WeightedPicker(zipfWeights(options.warehouses, 0.8))
    const locations: Row[] = []
    this.locationIds = warehouseNames.map((_, w) =>
      Array.from({ length: options.locations }, (_, l) => {
        const id = w * options.locations + l + 1
        const name = `${String.fromCharCode(65 + (Math.floor(l / 100) % 26))}-${String((Math.floor(l / 10) % 10) + 1).padStart(2, '0')}-${String((l % 10) + 1).padStart(2, '0')}${l >= 2600 ? `-${Math.floor(l / 2600)}` : ''}`
        locations.push([id, w + 1, name, created, created])
        return id
      }),
    )
    this.reference = {
      brands: brandNames.map((name, i) => [i + 1, name, created, created]),
      organizations,
      warehouses: warehouseNames.map((name, i) => [i + 1, name, created, created]),
      locations,
    }
  }

  /** Adds product number `index` (0-based; its id is index + 1) with its sellers, ledger and kept levels to `rows`. */
  addProduct(index: number, rows: ProductRows): void {
    const { random, options } = this
    const id = index + 1
    const createdMs = HISTORY_END - HISTORY_SPAN + Math.floor((index / options.products) * HISTORY_SPAN * 0.95)
    const createdAt = iso(createdMs)
    const brandIndex = random.chance(0.03) ? undefined : this.brandPicker.pick(random)
    const brandCode = brandIndex === undefined ? 'GEN' : this.brandCodes[brandIndex]
    const colour = random.pick(COLOURS)
    const sku = `${brandCode}-${String(100000 + index)}-${colour.slice(0, 2).toUpperCase()}`
    const description = random.chance(0.02) ? null : this.description(colour)
    const skuAmazon = random.chance(0.25) ? null : this.asin()
    // a multiplier coprime to 10^8 makes distinct, unordered article numbers and barcodes
    const articleNumber = `ART-${String((index * 48_271 + 1_000_003) % 100_000_000).padStart(8, '0')}`
    const barcode = ean13(`87${String((index * 7_919 + 13) % 10_000_000_000).padStart(10, '0')}`)
    const imageUrl = random.chance(0.6) ? `https://images.example.com/products/${sku.toLowerCase()}.jpg` : null
    const hasSupplier = random.chance(0.85)
    const purchasePrice = Math.round(random.next() * random.next() * 20_000 + 50) / 100
    const currency = random.chance(0.8) ? 'EUR' : random.pick(CURRENCIES)
    // from the index, not the random stream, so the rest of a seed's catalogue stays as it was before these fields
    const packSize = hasSupplier ? PACK_SIZES[index % PACK_SIZES.length] : 1
    const supplierSku = hasSupplier ? `SUP-${String((index * 7_919 + 101) % 10_000_000).padStart(7, '0')}` : null

    const [stock, lastChange] = this.addLedger(id, createdMs, rows)
    rows.products.push(
      id,
      sku,
      skuAmazon,
      articleNumber,
      description,
      barcode,
      imageUrl,
      brandIndex === undefined ? null : brandIndex + 1,
      hasSupplier ? random.pick(this.supplierIds) : null,
      hasSupplier ? random.pick(ORDER_QUANTITIES) : null,
      packSize,
      supplierSku,
      hasSupplier ? purchasePrice : null,
      hasSupplier ? currency : null,
      createdAt,
      lastChange > createdMs ? iso(lastChange) : createdAt,
    )
    rows.product_stock.push(id, stock, lastChange > createdMs ? iso(lastChange) : null)
    for (let s = random.poisson(0.8); s > 0; s--) {
      const margin = 1.2 + random.next()
      rows.product_sellers.push(
        this.nextSellerEntryId++,
        id,
        random.pick(this.sellerIds),
        Math.round(purchasePrice * margin * 100) / 100,
        currency,
        createdAt,
        createdAt,
      )
    }
  }

  /** an Amazon standard identification number as books-free ASINs look: B0 and eight of 0-9A-Z */
  private asin(): string {
    let asin = 'B0'
    for (let i = 0; i < 8; i++) asin += ASIN_CHARS[this.random.int(0, ASIN_CHARS.length - 1)]
    return asin
  }

  private description(colour: string): string {
    const { random } = this
    const material = random.pick(MATERIALS)
    const spec = random.pick(SPECS)
    return `${random.pick(ADJECTIVES)} ${material ? `${material} ` : ''}${random.pick(NOUNS)}${spec ? `, ${spec}` : ''}, ${colour}`
  }

  /** The product's mutations, oldest first, with levels per location and warehouse; answers [stock, time of the last one]. */
  private addLedger(productId: number, createdMs: number, rows: ProductRows): [number, number] {
    const { random, options } = this
    const productsLeft = options.products - productId + 1
    // the mean follows what is left, so the total comes out at exactly --mutations
    const count =
      productsLeft === 1
        ? this.mutationsLeft
        : Math.min(
            this.mutationsLeft,
            random.chance(0.08) ? 0 : 1 + random.poisson(Math.max(0, this.mutationsLeft / productsLeft / 0.92 - 1)),
          )
    this.mutationsLeft -= count
    if (count === 0) return [0, createdMs]

    const home = this.warehousePicker.pick(random)
    const places: [number, number][] = [[home + 1, random.pick(this.locationIds[home])]]
    if (random.chance(0.3)) places.push([home + 1, random.pick(this.locationIds[home])])
    if (options.warehouses > 1 && random.chance(0.15)) {
      const other = (home + random.int(1, options.warehouses - 1)) % options.warehouses
      places.push([other + 1, random.pick(this.locationIds[other])])
    }
    const levels = new Map<number, [warehouseId: number, amount: number]>()
    const step = (HISTORY_END - createdMs) / (count + 1)
    let time = createdMs
    let stock = 0
    for (let m = 0; m < count; m++) {
      time += Math.max(1000, Math.floor(step * (0.5 + random.next())))
      const [warehouseId, locationId] = m === 0 ? places[0] : random.pick(places)
      const level = levels.get(locationId)?.[1] ?? 0
      let amount: number
      let note: string | null
      if (random.chance(0.005)) {
        amount = random.int(-5, 5) || 1
        note = 'Stock count correction'
      } else if (level > 0 && random.chance(0.7)) {
        amount = -Math.min(level, random.int(1, 12))
        note = random.chance(0.4) ? `Order ${random.int(100000, 999999)}` : null
      } else {
        amount = random.int(1, 20) * 10
        note = random.chance(0.5) ? `Receipt PO-${random.int(10000, 99999)}` : null
      }
      const stamp = iso(Math.min(time, HISTORY_END))
      rows.stock_mutations.push(this.nextMutationId++, productId, warehouseId, locationId, amount, note, null, stamp, stamp)
      levels.set(locationId, [warehouseId, level + amount])
      stock += amount
    }
    const perWarehouse = new Map<number, number>()
    for (const [locationId, [warehouseId, amount]] of levels) {
      rows.stock_levels.push(productId, locationId, warehouseId, amount)
      perWarehouse.set(warehouseId, (perWarehouse.get(warehouseId) ?? 0) + amount)
    }
    for (const [warehouseId, amount] of perWarehouse) rows.warehouse_stock.push(productId, warehouseId, amount)
    return [stock, Math.min(time, HISTORY_END)]
  }
}
