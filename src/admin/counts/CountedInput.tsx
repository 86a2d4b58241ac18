// What was counted on one line, saved when the field is left or Enter is pressed (empty clears it).
import { useState } from 'react'
import { TextField } from '@mui/material'
import { useNotify } from 'ra-core'
import type { StockCountLine } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { useSend } from '../common/useApi'
import { productLabel } from '../common/transfer/transferForm'
import { useTranslate } from '../common/translate'

export function CountedInput({ countId, line, onLine }: { countId: number; line: StockCountLine; onLine: (line: StockCountLine) => void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const send = useSend()
  const shown = line.counted === null ? '' : String(line.counted)
  const [text, setText] = useState(shown)
  const [was, setWas] = useState(shown)
  const [saving, setSaving] = useState(false)
  // a scan or a reload changed the line: show its value
  if (shown !== was) {
    setWas(shown)
    setText(shown)
  }
  const valid = text.trim() === '' || /^\d+$/.test(text.trim())

  const save = async () => {
    if (!valid || text.trim() === shown || saving) return
    setSaving(true)
    try {
      const counted = text.trim() === '' ? null : Number(text.trim())
      onLine(await send(OPERATIONS.setCounted, { params: { id: countId, line_id: line.id }, body: { counted } }))
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' })
      setText(shown)
    } finally {
      setSaving(false)
    }
  }

  return (
    <TextField
      size="small"
      type="number"
      value={text}
      error={!valid}
      disabled={saving}
      onChange={(event) => setText(event.target.value)}
      // typing replaces what the line holds (472 must not become 3472)
      onFocus={(event) => event.target.select()}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void save()
      }}
      slotProps={{
        htmlInput: {
          min: 0,
          step: 1,
          inputMode: 'numeric',
          'aria-label': translate('counts.lines.counted_of', { product: productLabel(line.product), location: line.location_name }),
        },
      }}
      sx={{ width: 96 }}
    />
  )
}
