// A role a person holds in words, "Clerk in Rotterdam" or "Office in every warehouse": the profile, the Users screen
// and the audit trail say roles alike. The warehouses are read once (and shared) when a role names one.
import { useGetList } from 'react-admin'
import type { RoleGrant } from '../../contract'
import { useTranslate } from './translate'

/** every warehouse, by name: the same query wherever roles are said, so it is read once */
export const ALL_WAREHOUSES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'warehouse_name', order: 'ASC' as const } }

export function useRoleWords(grants: readonly RoleGrant[]) {
  const translate = useTranslate()
  const { data: warehouses } = useGetList<{ id: number; warehouse_name: string }>('warehouses', ALL_WAREHOUSES, {
    enabled: grants.some((grant) => grant.warehouse_id !== null),
  })
  const where = (id: number | null) =>
    id === null ? translate('roles.everywhere') : (warehouses?.find((warehouse) => warehouse.id === id)?.warehouse_name ?? `#${id}`)
  return (grant: RoleGrant) =>
    translate('roles.held_in', { role: translate(`roles.names.${grant.role}`), warehouse: where(grant.warehouse_id) })
}
