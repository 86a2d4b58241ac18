// The profile's edit mode: 'Edit your account' (Dutch: 'Bewerk uw account') with Cancel and Save. A new e-mail address
// or password needs the current password (the server refuses it otherwise); a new password ends every session, so
// saving one signs out.
import { useState, type FormEvent } from 'react'
import { Alert, Button, Card, CardActions, CardContent, CardHeader, Stack, TextField } from '@mui/material'
import { useLogout, useNotify } from 'ra-core'
import type { User, UserUpdateMe, ValidationErrorItem } from '../../contract'
import { account } from '../providers'
import { useTranslate } from '../common/translate'

/** The server's word on current_password, if that is what it refused. */
function currentPasswordProblem(failure: unknown): 'missing' | 'wrong' | undefined {
  const { status, body } = failure as { status?: number; body?: { detail?: unknown } | null }
  if (status !== 400 || !Array.isArray(body?.detail)) return undefined
  const item = (body.detail as ValidationErrorItem[]).find((i) => i.loc.includes('current_password'))
  if (!item) return undefined
  return item.type === 'missing' ? 'missing' : 'wrong'
}

export function ProfileForm({ user, onCancel, onSaved }: { user: User; onCancel: () => void; onSaved: (user: User) => void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const logout = useLogout()
  const [values, setValues] = useState({
    username: user.username,
    email: user.email,
    given_name: user.given_name ?? '',
    family_name: user.family_name ?? '',
    password: '',
    current_password: '',
  })
  const [error, setError] = useState<string>()
  const [passwordProblem, setPasswordProblem] = useState<'missing' | 'wrong'>()
  const [pending, setPending] = useState(false)
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: e.target.value })
  const emailChanges = values.email.trim().toLowerCase() !== user.email
  const needsCurrentPassword = emailChanges || values.password !== ''

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    setError(undefined)
    setPasswordProblem(undefined)
    const changes: UserUpdateMe = {
      username: values.username,
      email: values.email,
      given_name: values.given_name || null,
      family_name: values.family_name || null,
      ...(values.password ? { password: values.password } : {}),
      ...(needsCurrentPassword ? { current_password: values.current_password } : {}),
    }
    try {
      const saved = await account.updateMe(changes)
      if (changes.password) {
        notify(translate('stockroom.profile.password_changed'), { type: 'success' })
        await logout()
        return
      }
      notify(translate(saved.email !== user.email ? 'stockroom.profile.email_changed' : 'stockroom.profile.saved'), { type: 'success' })
      onSaved(saved)
    } catch (failure) {
      const problem = currentPasswordProblem(failure)
      if (problem) setPasswordProblem(problem)
      else setError((failure as Error).message)
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
          <TextField label={translate('terms.email')} name="email" type="email" required value={values.email} onChange={set('email')} />
          <TextField label={translate('terms.first_name')} name="given_name" value={values.given_name} onChange={set('given_name')} />
          <TextField label={translate('terms.last_name')} name="family_name" value={values.family_name} onChange={set('family_name')} />
          <TextField
            label={translate('stockroom.profile.new_password')}
            name="new_password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
          />
          {needsCurrentPassword && (
            <TextField
              label={translate('stockroom.profile.current_password')}
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              value={values.current_password}
              onChange={set('current_password')}
              error={passwordProblem !== undefined}
              helperText={translate(
                passwordProblem ? `stockroom.profile.current_password_${passwordProblem}` : 'stockroom.profile.current_password_help',
              )}
            />
          )}
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
