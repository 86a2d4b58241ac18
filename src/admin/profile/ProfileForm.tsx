// The profile's edit mode: 'Edit your account' (Dutch: 'Bewerk uw account') with Cancel and Save.
import { useState, type FormEvent } from 'react'
import { Alert, Button, Card, CardActions, CardContent, CardHeader, Stack, TextField } from '@mui/material'
import { useNotify, useTranslate } from 'ra-core'
import type { User, UserUpdateMe } from '../../contract'
import { account } from '../providers'

export function ProfileForm({ user, onCancel, onSaved }: { user: User; onCancel: () => void; onSaved: (user: User) => void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const [values, setValues] = useState({
    username: user.username,
    email: user.email,
    given_name: user.given_name ?? '',
    family_name: user.family_name ?? '',
  })
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: e.target.value })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    setError(undefined)
    const changes: UserUpdateMe = {
      username: values.username,
      email: values.email,
      given_name: values.given_name || null,
      family_name: values.family_name || null,
    }
    try {
      const saved = await account.updateMe(changes)
      notify(translate(saved.email !== user.email ? 'stockroom.profile.email_changed' : 'stockroom.profile.saved'), { type: 'success' })
      onSaved(saved)
    } catch (failure) {
      setError((failure as Error).message)
      setPending(false)
    }
  }

  return (
    <Card component="form" onSubmit={(event) => void submit(event)}>
      <CardHeader title={translate('stockroom.profile.edit_title')} />
      <CardContent>
        <Stack spacing={2}>
          <TextField
            label={translate('stockroom.profile.username')}
            name="username"
            required
            value={values.username}
            onChange={set('username')}
          />
          <TextField
            label={translate('stockroom.profile.email')}
            name="email"
            type="email"
            required
            value={values.email}
            onChange={set('email')}
          />
          <TextField
            label={translate('stockroom.profile.given_name')}
            name="given_name"
            value={values.given_name}
            onChange={set('given_name')}
          />
          <TextField
            label={translate('stockroom.profile.family_name')}
            name="family_name"
            value={values.family_name}
            onChange={set('family_name')}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </CardContent>
      <CardActions>
        <Button onClick={onCancel}>{translate('stockroom.profile.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {translate('stockroom.profile.save')}
        </Button>
      </CardActions>
    </Card>
  )
}
