// The scan field of a count: a location's label chooses where is counted; each product scan adds one to its line at
// that location (or adds the line). A hand-held scanner's codes come from the layout's one listener wherever the
// focus is (useScan), the camera's too; a code typed by hand goes in the field, with Enter.
import { useRef, useState } from 'react'
import { Box, Card, CardContent, TextField, Typography } from '@mui/material'
import type { StockCount, StockCountLine } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { locationIdOfCode } from '../../contract/location-codes'
import { useSend } from '../common/useApi'
import { productLabel } from '../common/transfer/transferForm'
import { ScanSaid, useScan, useScanNotice } from '../common/scanning'
import { useTranslate } from '../common/translate'

export function ScanBox({ count, onLine }: { count: StockCount; onLine: (line: StockCountLine) => void }) {
  const translate = useTranslate()
  const send = useSend()
  const input = useRef<HTMLInputElement>(null)
  const [locationId, setLocationId] = useState<number>(count.locations[0]?.location_id)
  const [code, setCode] = useState('')
  const { said, tell } = useScanNotice()
  // a scanner may scan again before the last scan is answered: scans wait their turn, none is dropped
  const queue = useRef<Promise<void>>(Promise.resolve())

  const sendScan = async (barcode: string, location_id: number) => {
    try {
      const line = await send(OPERATIONS.scanIntoCount, { params: { id: count.id }, body: { barcode, location_id } })
      onLine(line)
      tell(
        true,
        translate('counts.scan.done', { product: productLabel(line.product), counted: line.counted, location: line.location_name }),
      )
    } catch (failure) {
      tell(false, `${barcode}: ${(failure as Error).message}`)
    }
  }
  const chooseLocation = (code: string, id: number) => {
    const location = count.locations.find((candidate) => candidate.location_id === id)
    if (!location) return tell(false, translate('floor.scan.location_unknown', { code }))
    setLocationId(id)
    tell(true, translate('floor.scan.location_chosen', { name: location.location_name }))
  }
  const take = (barcode: string) => {
    if (!barcode || locationId === undefined) return false
    const scannedLocation = locationIdOfCode(barcode)
    // a location's label is where the next products are counted, never a product of the count
    if (scannedLocation !== undefined) return (chooseLocation(barcode, scannedLocation), true)
    queue.current = queue.current.then(() => sendScan(barcode, locationId))
    return true
  }
  const scan = () => {
    if (!take(code.trim())) return
    setCode('')
    input.current?.focus()
  }
  // while the count is shown, every scan is counted here instead of opening the product
  useScan((barcode) => take(barcode.trim()))

  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
          {translate('counts.scan.title')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '220px minmax(0, 1fr)' }, gap: 1.5 }}>
          <TextField
            select
            size="small"
            label={translate('terms.location')}
            value={locationId ?? ''}
            onChange={(event) => {
              setLocationId(Number(event.target.value))
              input.current?.focus()
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {count.locations.map((location) => (
              <option key={location.location_id} value={location.location_id}>
                {location.location_name}
              </option>
            ))}
          </TextField>
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault()
              scan()
            }}
          >
            <TextField
              inputRef={input}
              autoFocus
              fullWidth
              size="small"
              label={translate('terms.barcode')}
              helperText={translate('counts.scan.help')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              slotProps={{ htmlInput: { autoComplete: 'off', enterKeyHint: 'send', inputMode: 'numeric' } }}
            />
          </Box>
        </Box>
        <ScanSaid said={said} sx={{ mt: 1 }} />
      </CardContent>
    </Card>
  )
}
