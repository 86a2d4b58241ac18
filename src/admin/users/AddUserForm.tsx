// The top row of /users: username, e-mail, 'Add user'. SPEC §4: a generated password, POST users, then an
// invitation (the verification request: its mail lets the person choose their own password), then the form clears.
import { useState, type FormEvent } from 'react'
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material'
import PersonAddIcon from '@mui/icons-material/PersonAdd'
import type { User } from '../../contract'
import { account } from '../providers'
import { useRecordWrites } from '../common/useRecordWrites'
import { generatePassword } from './generatePassword'
import { useTranslate } from '../common/translate'
import { useLocaleState } from 'ra-core'

const EMPTY = { username: '', email: '' }
type Outcome = { severity: 'success' | 'warning' | 'error'; message: string }

export function AddUserForm() {
  const translate = useTranslate()
  const { create } = useRecordWrites()
  const [values, setValues] = useState(EMPTY)
  const [locale] = useLocaleState()
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>()
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: e.target.value })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const username = values.username.trim()
    const email = values.email.trim()
    if (!username || !email || pending) return
    setPending(true)
    setOutcome(undefined)
    try {
      // the invitation is written in the language of the screen it was made on; the person may choose another later
      const language = locale === 'nl' ? 'nl' : 'en'
      const user = (await create('users', { data: { username, email, password: generatePassword(), language } })) as User
      setValues(EMPTY)
      try {
        await account.requestVerification(user.email)
        setOutcome({ severity: 'success', message: translate('users.invited', { username: user.username, email: user.email }) })
      } catch (failure) {
        setOutcome({
          severity: 'warning',
          message: translate('users.invite_failed', { username: user.username, error: (failure as Error).message }),
        })
      }
    } catch (failure) {
      setOutcome({ severity: 'error', message: (failure as Error).message })
    } finally {
      setPending(false)
    }
  }

  return (
    <Card component="form" onSubmit={(event) => void submit(event)} noValidate aria-label={translate('users.add_title')} sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('users.add_title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
          <TextField
            label={translate('resources.users.fields.username')}
            name="username"
            size="small"
            required
            value={values.username}
            onChange={set('username')}
            sx={{ flex: 1 }}
          />
          <TextField
            label={translate('resources.users.fields.email')}
            name="email"
            type="email"
            size="small"
            required
            value={values.email}
            onChange={set('email')}
            sx={{ flex: 1 }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<PersonAddIcon />}
            disabled={pending || !values.username.trim() || !values.email.trim()}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {translate('users.add')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('users.add_help')}
        </Typography>
        {outcome && (
          <Alert
            severity={outcome.severity}
            role={outcome.severity === 'success' ? 'status' : 'alert'}
            sx={{ mt: 2 }}
            onClose={() => setOutcome(undefined)}
          >
            {outcome.message}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}
