// The product's reorder levels on the stock tab: per warehouse a minimum and a maximum, marked when the stock there
// is below its minimum; set (or change) one per warehouse, or remove it.
import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material'
import DeleteIcon from '@mui/icons-material/DeleteOutline'
import { useGetList, useNotify } from 'ra-core'
import type { Product, Warehouse } from '../../../contract'
import { OPERATIONS } from '../../../contract/operations'
import { useSend } from '../../common/useApi'
import { useTranslate } from '../../common/translate'
import { session } from '../../providers/session'
import { TableScroll } from '../../common/TableScroll'

const isLevel = (text: string) => /^\d+$/.test(text.trim())

export function ReorderLevels({ product, onChanged }: { product: Product; onChanged: () => void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const send = useSend()
  const warehouses = useGetList<Warehouse>('warehouses', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'warehouse_name', order: 'ASC' },
  })
  const [warehouseId, setWarehouseId] = useState<number | ''>('')
  const [min, setMin] = useState('')
  const [max, setMax] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const levels = product.reorder_levels
  const valid = warehouseId !== '' && isLevel(min) && isLevel(max) && Number(max) >= Number(min)

  const pick = (id: number | '') => {
    setWarehouseId(id)
    const known = levels.find((level) => level.warehouse_id === id)
    setMin(known ? String(known.min_stock) : '')
    setMax(known ? String(known.max_stock) : '')
  }
  const run = async (work: () => Promise<unknown>, message: string, name: string) => {
    setBusy(true)
    setProblem(undefined)
    try {
      await work()
      notify(message, { type: 'success', messageArgs: { warehouse: name } })
      onChanged()
    } catch (failure) {
      setProblem((failure as Error).message)
    } finally {
      setBusy(false)
    }
  }
  const save = () => {
    const name = warehouses.data?.find((w) => w.id === warehouseId)?.warehouse_name ?? ''
    void run(
      () =>
        send(OPERATIONS.setReorderLevel, {
          params: { id: product.id, warehouse_id: warehouseId },
          body: { min_stock: Number(min), max_stock: Number(max) },
        }),
      'reorder.levels.saved',
      name,
    )
  }

  return (
    <Card variant="outlined" component="section" aria-label={translate('reorder.levels.title')}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="subtitle1" component="h2">
          {translate('reorder.levels.title')}
        </Typography>
        {levels.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate(session.holds('reorder.set') ? 'reorder.levels.none' : 'reorder.levels.none_here')}
          </Typography>
        ) : (
          <TableScroll>
            <Table size="small" aria-label={translate('reorder.levels.title')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ px: 0 }}>{translate('reorder.columns.warehouse')}</TableCell>
                  <TableCell align="right">{translate('terms.on_hand')}</TableCell>
                  <TableCell align="right">{translate('reorder.levels.min')}</TableCell>
                  <TableCell align="right">{translate('reorder.levels.max')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {levels.map((level) => (
                  <TableRow key={level.warehouse_id} data-testid="reorder-level">
                    <TableCell sx={{ px: 0 }}>
                      {level.warehouse_name}
                      {level.below_min && <Chip size="small" color="warning" label={translate('terms.below_minimum')} sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell align="right">{level.on_hand}</TableCell>
                    <TableCell align="right">{level.min_stock}</TableCell>
                    <TableCell align="right">{level.max_stock}</TableCell>
                    <TableCell align="right" padding="none">
                      {session.holds('reorder.set', level.warehouse_id) && (
                        <Tooltip title={translate('reorder.levels.remove', { warehouse: level.warehouse_name })}>
                          <IconButton
                            size="small"
                            disabled={busy}
                            aria-label={translate('reorder.levels.remove', { warehouse: level.warehouse_name })}
                            onClick={() =>
                              void run(
                                () => send(OPERATIONS.removeReorderLevel, { params: { id: product.id, warehouse_id: level.warehouse_id } }),
                                'reorder.levels.removed',
                                level.warehouse_name,
                              )
                            }
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        )}
        {/* levels are set by those who may, in some warehouse (the server checks the one chosen) */}
        {session.holds('reorder.set') && (
          <Box
            component="form"
            aria-label={translate('reorder.levels.set')}
            // the warehouse on a line of its own, then minimum, maximum and the button: the same on a phone
            sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto', gap: 1, alignItems: 'start' }}
            onSubmit={(event) => {
              event.preventDefault()
              if (valid && !busy) save()
            }}
          >
            <TextField
              select
              size="small"
              label={translate('reorder.levels.warehouse')}
              value={warehouseId}
              onChange={(event) => pick(event.target.value === '' ? '' : Number(event.target.value))}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ gridColumn: '1 / -1' }}
            >
              <option value="" />
              {warehouses.data?.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.warehouse_name}
                </option>
              ))}
            </TextField>
            <TextField
              size="small"
              type="number"
              label={translate('reorder.levels.min')}
              value={min}
              onChange={(event) => setMin(event.target.value)}
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
            />
            <TextField
              size="small"
              type="number"
              label={translate('reorder.levels.max')}
              value={max}
              error={isLevel(min) && isLevel(max) && Number(max) < Number(min)}
              onChange={(event) => setMax(event.target.value)}
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
            />
            <Button type="submit" variant="contained" disabled={!valid || busy} sx={{ mt: '2px' }}>
              {translate('reorder.levels.save')}
            </Button>
          </Box>
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}
