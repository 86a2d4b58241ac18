// A name input with an Add button (Enter adds too): new brands, organizations, warehouses and locations.
// The field clears when the record is made; the server's refusal (duplicate, ...) stays under the field.
import { useState, type FormEvent, type ReactNode } from 'react'
import { Box, Button, TextField } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'

export interface AddByNameProps {
  /** label of the field, already translated */
  label: string
  /** text of the button, already translated */
  buttonLabel: string
  onAdd: (name: string) => Promise<unknown>
  /** controls between the field and the button (e.g. role checkboxes) */
  children?: ReactNode
  size?: 'small' | 'medium'
}

export function AddByName({ label, buttonLabel, onAdd, children, size = 'small' }: AddByNameProps) {
  const [name, setName] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string>()

  const add = async (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim() || pending) return
    setPending(true)
    setError(undefined)
    try {
      await onAdd(name.trim())
      setName('')
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setPending(false)
    }
  }

  return (
    <Box
      component="form"
      onSubmit={(event) => void add(event)}
      noValidate
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
    >
      <TextField
        label={label}
        value={name}
        onChange={(e) => {
          setName(e.target.value)
          setError(undefined)
        }}
        size={size}
        error={Boolean(error)}
        helperText={error}
        sx={{ minWidth: 220 }}
        slotProps={{ formHelperText: { role: error ? 'alert' : undefined } }}
      />
      {children}
      <Button
        type="submit"
        variant="contained"
        size={size}
        startIcon={<AddIcon />}
        disabled={!name.trim() || pending}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {buttonLabel}
      </Button>
    </Box>
  )
}
