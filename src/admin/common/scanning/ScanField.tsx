// The field of a screen that takes codes (a count, receiving, a draft's lines): what a hand-held scanner sends arrives
// through useScan wherever the focus is; a code typed by hand goes in here, with Enter. Below it, what the last code did.
import { useRef, useState } from 'react'
import { Alert, Box, TextField, type SxProps } from '@mui/material'
import type { ScanNotice } from './useScanNotice'

interface ScanFieldProps {
  label: string
  helperText: string
  /** takes a typed code; answers false to keep it in the field (nothing to do with it yet) */
  onCode: (code: string) => boolean | Promise<boolean>
  autoFocus?: boolean
  /** digits only on a phone's keyboard (a count's EANs); letters too elsewhere (SKUs, supplier numbers) */
  numeric?: boolean
}

export function ScanField({ label, helperText, onCode, autoFocus, numeric }: ScanFieldProps) {
  const [code, setCode] = useState('')
  const input = useRef<HTMLInputElement>(null)
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault()
        void Promise.resolve(onCode(code.trim())).then((taken) => taken && setCode(''))
        input.current?.focus()
      }}
    >
      <TextField
        inputRef={input}
        autoFocus={autoFocus}
        fullWidth
        size="small"
        label={label}
        helperText={helperText}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        slotProps={{ htmlInput: { autoComplete: 'off', enterKeyHint: 'send', ...(numeric ? { inputMode: 'numeric' } : {}) } }}
      />
    </Box>
  )
}

/** What the last scan did, in the colour of its outcome, read out by screen readers. */
export function ScanSaid({ said, sx }: { said: ScanNotice | undefined; sx?: SxProps }) {
  if (!said) return null
  return (
    <Alert severity={said.ok ? 'success' : 'error'} role="status" sx={sx}>
      {said.text}
    </Alert>
  )
}
