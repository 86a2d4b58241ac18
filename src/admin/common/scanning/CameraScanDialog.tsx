// The camera in a dialog: the back camera's picture, read a few times a second until a code shows. The browser's own
// BarcodeDetector reads it where there is one; elsewhere the barcode-detector polyfill (ZXing in WebAssembly) in a
// worker, so decoding never stalls the page. The camera is stopped as the dialog closes.
import { useEffect, useRef, useState } from 'react'
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery, useTheme } from '@mui/material'
import { createDecoder, type Decoder } from './decoder'
import { useTranslate, type Translate } from '../translate'

/** a frame this often: quick enough to feel instant, slow enough to leave a phone's processor for the rest */
const FRAME_EVERY_MS = 150

export default function CameraScanDialog({ onClose, onCode }: { onClose: () => void; onCode: (code: string) => void }) {
  const translate = useTranslate()
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('sm'))
  const video = useRef<HTMLVideoElement>(null)
  const [problem, setProblem] = useState<string>()
  const [reading, setReading] = useState(false)
  const found = useRef(onCode)
  useEffect(() => {
    found.current = onCode
  }, [onCode])

  useEffect(() => {
    let stopped = false
    let stream: MediaStream | undefined
    let decoder: Decoder | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    const canvas = document.createElement('canvas')

    const readFrame = async () => {
      const element = video.current
      if (stopped || !element || !decoder) return
      if (element.readyState >= element.HAVE_CURRENT_DATA && element.videoWidth > 0) {
        canvas.width = element.videoWidth
        canvas.height = element.videoHeight
        const context = canvas.getContext('2d', { willReadFrequently: true })!
        context.drawImage(element, 0, 0)
        const codes = await decoder.decode(context.getImageData(0, 0, canvas.width, canvas.height))
        if (stopped) return
        if (codes.length > 0) return found.current(codes[0])
      }
      timer = setTimeout(() => void readFrame(), FRAME_EVERY_MS)
    }

    const start = async () => {
      if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) throw new Error(translate('floor.camera.insecure'))
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      if (stopped) return
      video.current!.srcObject = stream
      await video.current!.play()
      decoder = await createDecoder()
      if (stopped) return
      setReading(true)
      await readFrame()
    }
    start().catch((error: unknown) => {
      if (!stopped) setProblem(cameraProblem(error, translate))
    })
    return () => {
      stopped = true
      clearTimeout(timer)
      stream?.getTracks().forEach((track) => track.stop())
      decoder?.close()
    }
  }, [translate])

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="camera-scan-title">
      <DialogTitle id="camera-scan-title">{translate('floor.camera.title')}</DialogTitle>
      <DialogContent>
        {problem ? (
          <Alert severity="error">{translate('floor.camera.failed', { message: problem })}</Alert>
        ) : (
          <>
            <Box
              component="video"
              ref={video}
              muted
              playsInline
              aria-label={translate('floor.camera.picture')}
              sx={{ width: '100%', maxHeight: '60vh', bgcolor: 'black', borderRadius: 1, objectFit: 'contain' }}
            />
            <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate(reading ? 'floor.camera.reading' : 'floor.camera.starting')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('terms.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

/** The browser's refusals of the camera, by their name (the messages are the browser's English): said in words */
const CAMERA_REFUSALS = {
  NotFoundError: 'floor.camera.no_camera',
  OverconstrainedError: 'floor.camera.no_camera',
  NotAllowedError: 'floor.camera.not_allowed',
  SecurityError: 'floor.camera.not_allowed',
  NotReadableError: 'floor.camera.busy',
  AbortError: 'floor.camera.busy',
} as const

/** Why the camera gave no picture, in the reader's language where the browser's error is one we know. */
export function cameraProblem(error: unknown, translate: Translate): string {
  const name = error instanceof Error ? error.name : ''
  if (name in CAMERA_REFUSALS) return translate(CAMERA_REFUSALS[name as keyof typeof CAMERA_REFUSALS])
  return error instanceof Error ? error.message : String(error)
}
