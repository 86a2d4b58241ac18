// One user on /users: the name they gave, editable username and e-mail, the active, verified and superuser
// flags, Delete (asks first) and Save. The server's refusals (duplicate, last super-user) are shown on the card.
import { useState, type FormEvent } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material'
import SaveIcon from '@mui/icons-material/Save'
import { useNotify } from 'ra-core'
import type { User } from '../../contract'
import { account } from '../providers'
import { DeleteConfirmButton } from '../common/DeleteConfirmButton'
import { useRecordWrites } from '../common/useRecordWrites'
import { HistoryToggle } from '../common/history/HistoryPanel'
import { UserRoles } from './UserRoles'
import { useTranslate } from '../common/translate'

const FLAGS = ['is_active', 'is_verified', 'is_superuser'] as const
const editable = (user: User) => ({
  username: user.username,
  email: user.email,
  is_active: user.is_active,
  is_verified: user.is_verified,
  is_superuser: user.is_superuser,
})
type Editable = ReturnType<typeof editable>

export function UserCard({ user, isSelf }: { user: User; isSelf: boolean }) {
  const translate = useTranslate()
  const notify = useNotify()
  const { update, remove } = useRecordWrites()
  const [values, setValues] = useState<Editable>(() => editable(user))
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string>()
  const original = editable(user)
  const changed = (Object.keys(values) as Array<keyof Editable>).some((key) => values[key] !== original[key])
  const field = (key: keyof Editable) => `resources.users.fields.${key}` as const
  const fullName = [user.given_name, user.family_name].filter(Boolean).join(' ')

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (!changed || pending) return
    setPending(true)
    setError(undefined)
    try {
      const data = { ...values, username: values.username.trim(), email: values.email.trim() }
      await update('users', { id: user.id, data, previousData: original })
      notify('users.saved', { type: 'success', messageArgs: { name: data.username } })
      // my own flags may have changed: the menu reads them from the stored user
      if (isSelf) await account.me()
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setPending(false)
    }
  }

  return (
    <Card
      variant="outlined"
      component="form"
      onSubmit={(event) => void save(event)}
      noValidate
      aria-label={user.username}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2, minHeight: 32 }}>
          <Typography
            variant="h6"
            component="h2"
            color={fullName ? 'text.primary' : 'text.secondary'}
            sx={{ flex: 1, overflowWrap: 'anywhere' }}
          >
            {fullName || translate('users.no_name')}
          </Typography>
          {isSelf && <Chip size="small" color="primary" label={translate('users.you')} />}
        </Stack>
        <Stack spacing={2}>
          <TextField
            label={translate(field('username'))}
            size="small"
            value={values.username}
            onChange={(e) => setValues({ ...values, username: e.target.value })}
          />
          <TextField
            label={translate(field('email'))}
            size="small"
            type="email"
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
          />
          <Box>
            {FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                label={translate(field(flag))}
                control={
                  <Checkbox size="small" checked={values[flag]} onChange={(e) => setValues({ ...values, [flag]: e.target.checked })} />
                }
              />
            ))}
          </Box>
          {error && (
            <Alert severity="error" role="alert" onClose={() => setError(undefined)}>
              {error}
            </Alert>
          )}
        </Stack>
        <UserRoles userId={user.id} username={user.username} isSelf={isSelf} />
        <HistoryToggle entity="user" id={user.id} />
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between' }}>
        <Tooltip title={isSelf ? translate('users.cannot_delete_self') : ''}>
          <span>
            <DeleteConfirmButton
              disabled={isSelf}
              ariaLabel={`${translate('ra.action.delete')} ${user.username}`}
              title={translate('users.delete_title', { name: user.username })}
              content={translate('users.delete_content')}
              onConfirm={async () => {
                await remove('users', { id: user.id, previousData: user })
                notify('users.deleted', { type: 'success', messageArgs: { name: user.username } })
              }}
            />
          </span>
        </Tooltip>
        <Button
          type="submit"
          variant="contained"
          size="small"
          startIcon={<SaveIcon />}
          disabled={!changed || pending}
          aria-label={`${translate('ra.action.save')} ${user.username}`}
        >
          {translate('ra.action.save')}
        </Button>
      </CardActions>
    </Card>
  )
}
