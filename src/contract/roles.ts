// Who may do what: one vocabulary of permissions, the built-in roles as sets of them, and a user's roles, each in
// one warehouse or in every one (warehouse_id null). No schema library here: the admin imports the names.

/** Each permission, and whether it is held per warehouse or for the whole company */
export const PERMISSION_SCOPES = {
  /** the catalogue, brands and organizations */
  'catalogue.read': 'company',
  /** levels, mutations, documents and reports of a warehouse */
  'stock.read': 'warehouse',
  'stock.book': 'warehouse',
  'stock.transfer': 'warehouse',
  'stock.count': 'warehouse',
  'stock.count.apply': 'warehouse',
  'stock.receive': 'warehouse',
  'stock.pick': 'warehouse',
  'stock.ship': 'warehouse',
  'stock.approve': 'warehouse',
  'reorder.set': 'warehouse',
  /** taking back what somebody else did in a warehouse (a booking, a transfer, an import's rows) */
  'undo.others': 'warehouse',
  /** adding, renaming and deleting the locations of a warehouse */
  'locations.manage': 'warehouse',
  /** adding, renaming and deleting warehouses */
  'warehouses.manage': 'company',
  'catalogue.write': 'company',
  'orders.purchase': 'company',
  'orders.sell': 'company',
  'imports.run': 'company',
  'exports.run': 'company',
  /** users and their roles, warehouses and their settings, the audit trail */
  administer: 'company',
} as const satisfies Record<string, 'company' | 'warehouse'>

export type Permission = keyof typeof PERMISSION_SCOPES
export const PERMISSIONS = Object.keys(PERMISSION_SCOPES) as Permission[]

const VIEWER = ['catalogue.read', 'stock.read'] as const satisfies readonly Permission[]
const CLERK = [...VIEWER, 'stock.book', 'stock.transfer', 'stock.count', 'stock.receive', 'stock.pick', 'stock.ship'] as const
const MANAGER = [...CLERK, 'stock.count.apply', 'stock.approve', 'reorder.set', 'undo.others', 'locations.manage'] as const

/** The built-in roles; office and administrator are held for the whole company only */
export const ROLE_PERMISSIONS = {
  viewer: VIEWER,
  clerk: CLERK,
  office: ['catalogue.read', 'catalogue.write', 'warehouses.manage', 'orders.purchase', 'orders.sell', 'imports.run', 'exports.run'],
  manager: MANAGER,
  administrator: PERMISSIONS,
} as const satisfies Record<string, readonly Permission[]>

export type Role = keyof typeof ROLE_PERMISSIONS
export const ROLES = Object.keys(ROLE_PERMISSIONS) as Role[]
/** roles that are not given per warehouse */
export const COMPANY_ROLES: readonly Role[] = ['office', 'administrator']

/** A role a user holds: in one warehouse, or in every one (null) */
export interface RoleGrant {
  role: Role
  warehouse_id: number | null
}

/** A permission a user holds: in one warehouse, or in every one and for the company (null) */
export interface PermissionGrant {
  permission: Permission
  warehouse_id: number | null
}

/** What the roles (and the super-user flag, which is the administrator's) allow, each permission once per scope. */
export function permissionsOf(roles: readonly RoleGrant[], isSuperuser: boolean): PermissionGrant[] {
  const held = isSuperuser ? [...roles, { role: 'administrator' as const, warehouse_id: null }] : roles
  const everywhere = new Set<Permission>()
  for (const grant of held) if (grant.warehouse_id === null) for (const p of ROLE_PERMISSIONS[grant.role]) everywhere.add(p)
  const grants: PermissionGrant[] = [...everywhere].map((permission) => ({ permission, warehouse_id: null }))
  const seen = new Set<string>()
  for (const grant of held) {
    if (grant.warehouse_id === null) continue
    for (const permission of ROLE_PERMISSIONS[grant.role]) {
      const key = `${permission}@${grant.warehouse_id}`
      if (everywhere.has(permission) || seen.has(key)) continue
      seen.add(key)
      // a company permission held through a warehouse role holds for the company
      if (PERMISSION_SCOPES[permission] === 'company') {
        everywhere.add(permission)
        grants.push({ permission, warehouse_id: null })
      } else grants.push({ permission, warehouse_id: grant.warehouse_id })
    }
  }
  return grants.sort(
    (a, b) => PERMISSIONS.indexOf(a.permission) - PERMISSIONS.indexOf(b.permission) || (a.warehouse_id ?? 0) - (b.warehouse_id ?? 0),
  )
}

/**
 * Whether `grants` hold `permission`: in `warehouseId` (a grant for every warehouse or the company counts), for the
 * company or every warehouse (null), or anywhere at all (left out). The server's checks and the admin's screens ask this.
 */
export function holds(grants: readonly PermissionGrant[], permission: Permission, warehouseId?: number | null): boolean {
  return grants.some(
    (grant) =>
      grant.permission === permission && (warehouseId === undefined || grant.warehouse_id === null || grant.warehouse_id === warehouseId),
  )
}

/** The warehouses in which `grants` hold `permission`: 'all', or the list (perhaps empty). */
export function warehousesWith(grants: readonly PermissionGrant[], permission: Permission): 'all' | number[] {
  if (holds(grants, permission, null)) return 'all'
  return grants.flatMap((grant) => (grant.permission === permission && grant.warehouse_id !== null ? [grant.warehouse_id] : []))
}
