// Brands, organizations (sellers and suppliers), warehouses and their locations.
import Type, { type Static } from 'typebox'
import { Id, ListQuery, Name, Nullable, timestamps } from './common'
import { LANGUAGES, NEGATIVE_STOCK_POLICIES } from './constants'

const recordSorts = ['id', 'created_at', 'updated_at'] as const

export const Brand = Type.Object({ id: Id, brand_name: Type.String(), ...timestamps })
export type Brand = Static<typeof Brand>
export const BrandCreate = Type.Object({ brand_name: Name() })
export type BrandCreate = Static<typeof BrandCreate>
export const BrandListQuery = ListQuery(['brand_name', ...recordSorts], 'brand_name.asc')
export const BrandUpdate = Type.Partial(BrandCreate)
export type BrandUpdate = Static<typeof BrandUpdate>

/** the language of what is sent to the organization (a purchase order); English unless set */
const OrganizationLanguage = Type.Enum([...LANGUAGES])
export const Organization = Type.Object({
  id: Id,
  org_name: Type.String(),
  is_seller: Type.Boolean(),
  is_supplier: Type.Boolean(),
  email: Nullable(Type.String()),
  language: OrganizationLanguage,
  ...timestamps,
})
export type Organization = Static<typeof Organization>
export const OrganizationCreate = Type.Object({
  org_name: Name(),
  is_seller: Type.Optional(Type.Boolean()),
  is_supplier: Type.Optional(Type.Boolean()),
  /** where what is sent to the organization goes; null: none known */
  email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254 }))),
  language: Type.Optional(OrganizationLanguage),
})
export type OrganizationCreate = Static<typeof OrganizationCreate>
export const OrganizationListQuery = ListQuery(['org_name', ...recordSorts], 'org_name.asc')
export const OrganizationUpdate = Type.Partial(OrganizationCreate)
export type OrganizationUpdate = Static<typeof OrganizationUpdate>
/** POST /suppliers/ creates an organization that is a supplier. */
export const SupplierCreate = Type.Object({ org_name: Name() })
export type SupplierCreate = Static<typeof SupplierCreate>

/**
 * The warehouse's rules for bookings, an administrator's to set: a booking, count or import whose adjustment passes
 * either approval threshold is held for a manager's approval (null: none); and what a booking below zero meets.
 */
const bookingRules = {
  /** a count line whose difference passes either is flagged in the review and asked about before applying */
  count_variance_quantity: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
  count_variance_value: Type.Number({ minimum: 0, maximum: 1e12 }),
  negative_stock: Type.Enum([...NEGATIVE_STOCK_POLICIES], {
    description: 'refuse, confirm (the default: refused unless allow_negative) or allow',
  }),
  /** units moved, in and out together */
  approval_threshold_quantity: Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  /** those units at purchase price */
  approval_threshold_value: Nullable(Type.Number({ minimum: 0, maximum: 1e12 })),
}
export const Warehouse = Type.Object({
  id: Id,
  warehouse_name: Type.String(),
  address: Nullable(Type.String()),
  ...bookingRules,
  ...timestamps,
})
export type Warehouse = Static<typeof Warehouse>
export const WarehouseCreate = Type.Object({
  warehouse_name: Name(),
  /** the delivery address purchase orders print, in lines; the server trims it, and empty is none */
  address: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
})
export type WarehouseCreate = Static<typeof WarehouseCreate>
export const WarehouseListQuery = ListQuery(['warehouse_name', ...recordSorts], 'warehouse_name.asc')
/** the booking rules are an administrator's to set */
export const WarehouseUpdate = Type.Partial(Type.Object({ ...WarehouseCreate.properties, ...bookingRules }))
export type WarehouseUpdate = Static<typeof WarehouseUpdate>

export const Location = Type.Object({
  id: Id,
  location_name: Type.String(),
  warehouse_id: Id,
  /** scannable, printed as Code 128 on its label: `L` and the id in at least six digits */
  code: Type.String({ pattern: '^L\\d{6,10}$' }),
  ...timestamps,
})
export type Location = Static<typeof Location>
export const LocationCreate = Type.Object({ location_name: Name() })
export type LocationCreate = Static<typeof LocationCreate>
export const LocationListQuery = ListQuery(['location_name', ...recordSorts], 'location_name.asc')
export const LocationUpdate = Type.Partial(LocationCreate)
export type LocationUpdate = Static<typeof LocationUpdate>
export const LocationParams = Type.Object({ id: Id, location_id: Id })
/** GET /locations/?code=: the location a scanned code names, in whichever warehouse (an empty list when none). */
export const LocationLookupQuery = Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) })
export type LocationLookupQuery = Static<typeof LocationLookupQuery>
export type LocationParams = Static<typeof LocationParams>
