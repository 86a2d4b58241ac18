// Opening a count: the warehouse, which of its locations (all when none is ticked), and whether it is blind.
import { useState } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material'
import type { StockCount, StockCountCreate } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { useSend } from '../common/useApi'
import { usePhone } from '../common/usePhone'
import { byWarehouse, usePlaces } from '../common/transfer/usePlaces'
import { useTranslate } from '../common/translate'

export function OpenCountDialog({ onClose, onOpened }: { onClose: () => void; onOpened: (count: StockCount) => void }) {
  const translate = useTranslate()
  const send = useSend()
  const phone = usePhone()
  const places = usePlaces()
  const [warehouseId, setWarehouseId] = useState<number | ''>('')
  const [locations, setLocations] = useState<number[]>([])
  const [blind, setBlind] = useState(false)
  const [note, setNote] = useState('')
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<string>()
  const warehouses = byWarehouse(places.data ?? [])
  const chosen = warehouses.find((w) => w.warehouse_id === warehouseId)

  const open = async () => {
    if (warehouseId === '' || sending) return
    setSending(true)
    setProblem(undefined)
    const body: StockCountCreate = {
      warehouse_id: warehouseId,
      blind,
      note: note.trim() || null,
      ...(locations.length > 0 ? { location_ids: locations } : {}),
    }
    try {
      onOpened(await send(OPERATIONS.openCount, { body }))
    } catch (failure) {
      setProblem((failure as Error).message)
      setSending(false)
    }
  }

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="open-count-title">
      <DialogTitle id="open-count-title">{translate('terms.open_count')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {places.error && <Alert severity="error">{places.error.message}</Alert>}
          <TextField
            select
            size="small"
            label={translate('terms.warehouse')}
            value={warehouseId}
            onChange={(event) => {
              setWarehouseId(event.target.value === '' ? '' : Number(event.target.value))
              setLocations([])
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="" />
            {warehouses.map((w) => (
              <option key={w.warehouse_id} value={w.warehouse_id}>
                {w.warehouse_name}
              </option>
            ))}
          </TextField>
          {chosen && (
            <FormGroup>
              <FormLabel component="legend">{translate('terms.locations')}</FormLabel>
              <FormHelperText sx={{ mx: 0 }}>{translate('counts.open.locations_help')}</FormHelperText>
              {chosen.places.map((place) => (
                <FormControlLabel
                  key={place.location_id}
                  label={place.location_name}
                  control={
                    <Checkbox
                      checked={locations.includes(place.location_id)}
                      onChange={(event) =>
                        setLocations(
                          event.target.checked ? [...locations, place.location_id] : locations.filter((id) => id !== place.location_id),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
          <FormControlLabel
            control={<Switch checked={blind} onChange={(event) => setBlind(event.target.checked)} />}
            label={translate('counts.open.blind')}
          />
          <FormHelperText sx={{ mt: '-12px !important', mx: 0 }}>{translate('counts.open.blind_help')}</FormHelperText>
          <TextField size="small" label={translate('terms.note')} value={note} onChange={(event) => setNote(event.target.value)} />
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('terms.cancel')}</Button>
        <Button variant="contained" disabled={warehouseId === '' || sending} onClick={() => void open()}>
          {translate('terms.open')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
