// The roles of one user on their card: a line that says them, and for changing them a table of warehouses by roles
// (the company roles above it) that fits a 390 px phone: a checkbox per role and warehouse, "every warehouse" first.
// Nobody changes their own roles (the server refuses it too), so the table is not offered on one's own card.
import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Collapse,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useGetList, useNotify } from 'react-admin'
import { COMPANY_ROLES, ROLES, type Role, type RoleGrant } from '../../contract/roles'
import { OPERATIONS } from '../../contract/operations'
import { useApi, useSend } from '../common/useApi'
import { useTranslate } from '../common/translate'
import { ALL_WAREHOUSES, useRoleWords } from '../common/useRoleWords'
import { TableScroll } from '../common/TableScroll'

type WarehouseRole = Exclude<Role, 'office' | 'administrator'>
const WAREHOUSE_ROLES = ROLES.filter((role): role is WarehouseRole => !COMPANY_ROLES.includes(role))
const keyOf = (grant: RoleGrant) => `${grant.role}@${grant.warehouse_id ?? ''}`
const touch = { minWidth: 44, minHeight: 44 }

export function UserRoles({ userId, username, isSelf }: { userId: number; username: string; isSelf: boolean }) {
  const translate = useTranslate()
  const notify = useNotify()
  const api = useApi()
  const send = useSend()
  const queryClient = useQueryClient()
  const key = ['stockroom', 'user_roles', userId]
  const { data: stored, error: loadError } = useQuery({
    queryKey: key,
    queryFn: async () => (await api<RoleGrant[]>(`/users/${userId}/roles`)).json,
  })
  /** the boxes ticked while changing; undefined: as stored */
  const [edited, setEdited] = useState<Set<string>>()
  const chosen = edited ?? new Set((stored ?? []).map(keyOf))
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const { data: warehouses } = useGetList<{ id: number; warehouse_name: string }>('warehouses', ALL_WAREHOUSES)

  const words = useRoleWords(stored ?? [])
  const said =
    stored === undefined ? (loadError?.message ?? '') : stored.length === 0 ? translate('users.roles.none') : stored.map(words).join(', ')
  const toggle = (role: Role, warehouseId: number | null) => {
    const next = new Set(chosen)
    const grant = keyOf({ role, warehouse_id: warehouseId })
    if (!next.delete(grant)) next.add(grant)
    setEdited(next)
  }
  const has = (role: Role, warehouseId: number | null) => chosen.has(keyOf({ role, warehouse_id: warehouseId }))
  const changed = stored !== undefined && (stored.length !== chosen.size || stored.some((grant) => !chosen.has(keyOf(grant))))

  const save = async () => {
    setBusy(true)
    setError(undefined)
    try {
      const grants = [...chosen].map((key) => {
        const [role, warehouse] = key.split('@')
        return { role: role as Role, warehouse_id: warehouse === '' ? null : Number(warehouse) }
      })
      const saved = await send(OPERATIONS.setRoles, { params: { id: userId }, body: grants })
      queryClient.setQueryData(key, saved)
      setEdited(undefined)
      notify('users.roles.saved', { type: 'success', messageArgs: { name: username } })
      setOpen(false)
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const rows: { id: number | null; name: string }[] = [
    { id: null, name: translate('roles.everywhere') },
    ...(warehouses ?? []).map((w) => ({ id: w.id, name: w.warehouse_name })),
  ]
  return (
    <Box sx={{ mt: 2 }} data-testid="user-roles">
      <Typography variant="caption" color="text.secondary" component="h3">
        {translate('roles.title')}
      </Typography>
      <Typography variant="body2">{said}</Typography>
      {isSelf ? (
        <Typography variant="body2" color="text.secondary">
          {translate('users.roles.not_own')}
        </Typography>
      ) : (
        <Button size="small" sx={{ ...touch, ml: -1 }} onClick={() => setOpen(!open)} aria-expanded={open} disabled={stored === undefined}>
          {translate(open ? 'terms.close' : 'users.roles.change')}
        </Button>
      )}
      <Collapse in={open && !isSelf} unmountOnExit>
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          {COMPANY_ROLES.map((role) => (
            <FormControlLabel
              key={role}
              label={translate(`roles.names.${role}`)}
              control={<Checkbox sx={touch} checked={has(role, null)} onChange={() => toggle(role, null)} />}
            />
          ))}
        </Stack>
        <TableScroll>
          <Table size="small" aria-label={translate('users.roles.table', { name: username })} sx={{ '& td, & th': { px: 0.5 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('terms.warehouse')}</TableCell>
                {WAREHOUSE_ROLES.map((role) => (
                  <TableCell key={role} align="center" sx={{ width: 72 }}>
                    {translate(`users.roles.columns.${role}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id ?? 'every'}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'break-word' }}>
                    {row.name}
                  </TableCell>
                  {WAREHOUSE_ROLES.map((role) => (
                    <TableCell key={role} align="center" padding="none">
                      <Checkbox
                        sx={touch}
                        checked={has(role, row.id)}
                        onChange={() => toggle(role, row.id)}
                        slotProps={{
                          input: {
                            'aria-label': translate('roles.held_in', { role: translate(`roles.names.${role}`), warehouse: row.name }),
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }} onClose={() => setError(undefined)}>
            {error}
          </Alert>
        )}
        <Button variant="contained" size="small" sx={{ ...touch, mt: 1 }} disabled={!changed || busy} onClick={() => void save()}>
          {translate('users.roles.save')}
        </Button>
      </Collapse>
    </Box>
  )
}
