// One named record in a list (a brand, a warehouse, a location): its name editable in place, Save and Delete.
// Save is offered only for a real change; a refusal of the server (duplicate name, ...) is shown under the row.
import { useState, type FormEvent, type ReactNode } from 'react'
import { Alert, Box, Button, Stack, TextField } from '@mui/material'
import SaveIcon from '@mui/icons-material/Save'
import { DeleteConfirmButton } from './DeleteConfirmButton'
import { useStateResetOn } from './useStateResetOn'
import { useTranslate } from './translate'

export interface NameRowProps {
  name: string
  /** accessible label of the name field (with the current name), already translated */
  label: string
  onSave: (name: string) => Promise<unknown>
  onDelete: () => Promise<unknown>
  deleteTitle: string
  deleteContent: ReactNode
  size?: 'small' | 'medium'
}

export function NameRow({ name, label, onSave, onDelete, deleteTitle, deleteContent, size = 'small' }: NameRowProps) {
  const translate = useTranslate()
  // a save here or a reload elsewhere brings a new name: show it
  const [value, setValue] = useStateResetOn(name, name)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string>()

  const changed = value.trim() !== '' && value.trim() !== name
  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (!changed || pending) return
    setPending(true)
    setError(undefined)
    try {
      await onSave(value.trim())
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setPending(false)
    }
  }

  return (
    <Box component="form" onSubmit={(event) => void save(event)} noValidate>
      {/* on a phone the buttons wrap below the name */}
      <Stack direction="row" spacing={1} useFlexGap alignItems="center" sx={{ flexWrap: 'wrap' }}>
        <TextField
          variant="outlined"
          hiddenLabel
          value={value}
          onChange={(e) => setValue(e.target.value)}
          size={size}
          sx={{ flex: 1, minWidth: 160 }}
          slotProps={{ htmlInput: { 'aria-label': `${label}: ${name}` } }}
        />
        <Button
          type="submit"
          size={size}
          startIcon={<SaveIcon />}
          disabled={!changed || pending}
          aria-label={`${translate('ra.action.save')} ${name}`}
        >
          {translate('ra.action.save')}
        </Button>
        <DeleteConfirmButton
          title={deleteTitle}
          content={deleteContent}
          onConfirm={onDelete}
          size={size}
          ariaLabel={`${translate('ra.action.delete')} ${name}`}
        />
      </Stack>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }} onClose={() => setError(undefined)}>
          {error}
        </Alert>
      )}
    </Box>
  )
}
