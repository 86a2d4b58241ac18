// The profile page's card for this browser's scanner: its prefix (see scannerPrefix.ts), typed, saved, told; and
// whether scans beep and vibrate (feedback.ts).
import { useState } from 'react'
import { Button, Card, CardContent, CardHeader, FormControlLabel, Stack, Switch, TextField } from '@mui/material'
import { useNotify } from 'ra-core'
import { storeScannerPrefix, useScannerPrefix } from './scannerPrefix'
import { scanFeedbackOn, signalScan, storeScanFeedback } from './feedback'
import { useTranslate } from '../translate'

export function ScannerPrefixCard() {
  const translate = useTranslate()
  const notify = useNotify()
  const stored = useScannerPrefix()
  const [draft, setDraft] = useState(stored)
  const [feedback, setFeedback] = useState(scanFeedbackOn)
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate('floor.scanner.title')} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
          onSubmit={(event) => {
            event.preventDefault()
            storeScannerPrefix(draft)
            notify('floor.scanner.saved', { type: 'info' })
          }}
        >
          <TextField
            size="small"
            fullWidth
            label={translate('floor.scanner.prefix')}
            helperText={translate('floor.scanner.prefix_help')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 10, autoComplete: 'off', spellCheck: false } }}
          />
          <Button type="submit" variant="outlined" disabled={draft === stored} sx={{ flexShrink: 0, mt: '2px' }}>
            {translate('floor.scanner.save')}
          </Button>
        </Stack>
        <FormControlLabel
          sx={{ mt: 1, minHeight: 44 }}
          control={
            <Switch
              checked={feedback}
              onChange={(_event, on) => {
                storeScanFeedback(on)
                setFeedback(on)
                // the switch plays what it switches on, so the clerk hears it
                if (on) signalScan('found')
              }}
            />
          }
          label={translate('floor.scanner.feedback')}
        />
      </CardContent>
    </Card>
  )
}
