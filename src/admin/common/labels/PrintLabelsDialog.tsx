// Print labels: choose the sheet and the copies, look at the preview, then download the PDF to print (a phone hands
// it to its printing app). Full screen on a phone.
import { useState } from 'react'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'
import { useDataProvider } from 'ra-core'
import { DEFAULT_LABEL_LAYOUT, LABEL_LAYOUT_NAMES, MAX_LABEL_COPIES, type LabelLayoutName } from '../../../contract/label-layouts'
import type { LocationLabelsQuery, ProductLabelsQuery } from '../../../contract'
import type { StockroomDataProvider } from '../../providers/dataProvider'
import { LabelPreview, type LabelPreviewItem } from './LabelPreview'
import { useTranslate } from '../translate'

export type LabelsRequest =
  | { kind: 'products'; query: Omit<ProductLabelsQuery, 'layout' | 'copies'> }
  | { kind: 'locations'; query: Omit<LocationLabelsQuery, 'layout' | 'copies'> }

export interface PrintLabelsDialogProps {
  open: boolean
  onClose: () => void
  request: LabelsRequest
  /** one entry per record; the preview repeats each for the copies */
  items: LabelPreviewItem[]
  /** the downloaded file's name */
  fileName: string
}

export function PrintLabelsDialog({ open, onClose, request, items, fileName }: PrintLabelsDialogProps) {
  const translate = useTranslate()
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('sm'))
  const dataProvider = useDataProvider<StockroomDataProvider>()
  const [layout, setLayout] = useState<LabelLayoutName>(DEFAULT_LABEL_LAYOUT)
  const [copiesText, setCopiesText] = useState('1')
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string>()
  const copies = Number(copiesText)
  const copiesValid = Number.isInteger(copies) && copies >= 1 && copies <= MAX_LABEL_COPIES
  const repeated = copiesValid ? items.flatMap((item) => Array.from({ length: copies }, () => item)) : items

  const download = async () => {
    setPending(true)
    setProblem(undefined)
    try {
      const pdf = await dataProvider.labelsPdf(request.kind, { ...request.query, layout, copies })
      const url = URL.createObjectURL(pdf)
      const link = document.createElement('a')
      link.href = url
      link.download = fileName
      document.body.appendChild(link)
      link.click()
      link.remove()
      // the browser has taken the file once the click is handled
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    } catch (error) {
      setProblem((error as Error).message)
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="print-labels-title">
      <DialogTitle id="print-labels-title">{translate('floor.labels.title', { smart_count: items.length })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <RadioGroup
              row
              aria-label={translate('floor.labels.layout')}
              value={layout}
              onChange={(event) => setLayout(event.target.value as LabelLayoutName)}
            >
              {LABEL_LAYOUT_NAMES.map((name) => (
                <FormControlLabel key={name} value={name} control={<Radio />} label={translate(`floor.labels.layouts.${name}`)} />
              ))}
            </RadioGroup>
            <TextField
              size="small"
              type="number"
              label={translate('floor.labels.copies')}
              value={copiesText}
              onChange={(event) => setCopiesText(event.target.value)}
              error={!copiesValid}
              helperText={copiesValid ? undefined : translate('floor.labels.copies_invalid', { max: MAX_LABEL_COPIES })}
              slotProps={{ htmlInput: { min: 1, max: MAX_LABEL_COPIES, step: 1, inputMode: 'numeric' } }}
              sx={{ width: 140 }}
            />
          </Stack>
          {problem && <Alert severity="error">{problem}</Alert>}
          <LabelPreview items={repeated} layout={layout} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('terms.close')}</Button>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={pending || !copiesValid || items.length === 0}
          onClick={() => void download()}
        >
          {translate('floor.labels.download')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
