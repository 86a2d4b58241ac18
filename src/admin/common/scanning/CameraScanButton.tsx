// The top bar's Scan button: opens the camera in a dialog (full screen on a phone). The camera's code goes to the
// same place as a hand-held scanner's. The decoder loads only now, never with the first screen.
import { lazy, Suspense, useState } from 'react'
import { IconButton, Tooltip } from '@mui/material'
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner'
import { useScanner } from './ScannerProvider'
import { useTranslate } from '../translate'

const CameraScanDialog = lazy(() => import('./CameraScanDialog'))

export function CameraScanButton() {
  const translate = useTranslate()
  const { scanned } = useScanner()
  const [open, setOpen] = useState(false)
  const label = translate('floor.camera.open')
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => setOpen(true)}>
          <QrCodeScannerIcon />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <CameraScanDialog
            onClose={() => setOpen(false)}
            onCode={(code) => {
              setOpen(false)
              void scanned(code)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
