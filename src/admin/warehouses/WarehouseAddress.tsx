// A warehouse's delivery address, the one purchase orders print, as everyone reads it, and for whoever manages
// warehouses a dialog that sets it (several lines; empty: none).
import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material'
import { useNotify } from 'ra-core'
import type { Warehouse } from '../../contract'
import { session } from '../providers/session'
import { useRecordWrites } from '../common/useRecordWrites'
import { useTranslate } from '../common/translate'

const touch = { minHeight: 44 }

export function WarehouseAddress({ warehouse }: { warehouse: Warehouse }) {
  const translate = useTranslate()
  const notify = useNotify()
  const { update } = useRecordWrites()
  const [editing, setEditing] = useState(false)
  const [address, setAddress] = useState('')
  const [error, setError] = useState<string>()
  const open = () => {
    setAddress(warehouse.address ?? '')
    setError(undefined)
    setEditing(true)
  }
  const save = async () => {
    try {
      // the server trims it and keeps an empty one as none
      await update('warehouses', { id: warehouse.id, data: { address }, previousData: warehouse })
      notify('catalogue.warehouses.address_saved', { type: 'success', messageArgs: { name: warehouse.warehouse_name } })
      setEditing(false)
    } catch (failure) {
      setError((failure as Error).message)
    }
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', my: 1 }} data-testid="warehouse-address">
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {warehouse.address
          ? `${translate('resources.warehouses.fields.address')}: ${warehouse.address}`
          : translate('catalogue.warehouses.no_address')}
      </Typography>
      {session.holds('warehouses.manage') && (
        <Button size="small" sx={touch} onClick={open}>
          {translate('catalogue.warehouses.set_address')}
        </Button>
      )}
      <Dialog open={editing} onClose={() => setEditing(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('catalogue.warehouses.address_title', { name: warehouse.warehouse_name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('catalogue.warehouses.address_help')}
          </Typography>
          <TextField
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label={translate('resources.warehouses.fields.address')}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          {error && (
            <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
              {error}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button sx={touch} onClick={() => setEditing(false)}>
            {translate('ra.action.cancel')}
          </Button>
          <Button sx={touch} variant="contained" onClick={() => void save()}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  )
}
