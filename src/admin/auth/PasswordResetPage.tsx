// /password/{token}: choose a new password (also how a new colleague sets their first one); then to sign in.
import { useState, type FormEvent } from 'react'
import { Alert, Button, Stack, TextField } from '@mui/material'
import { useNotify } from 'ra-core'
import { useNavigate, useParams } from 'react-router-dom'
import { MIN_PASSWORD_LENGTH } from '../../contract/constants'
import { account } from '../providers'
import { session } from '../providers/session'
import { PublicPage } from '../common/PublicPage'
import { useTranslate } from '../common/translate'

export function PasswordResetPage() {
  const translate = useTranslate()
  const notify = useNotify()
  const navigate = useNavigate()
  const { token = '' } = useParams()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!password || !token) return
    setPending(true)
    setError(undefined)
    try {
      await account.resetPassword(token, password)
      // every session of this account has ended on the server; drop ours too
      session.clear()
      notify(translate('stockroom.password_reset.done'), { type: 'success' })
      navigate('/login')
    } catch (failure) {
      setError((failure as Error).message)
      setPending(false)
    }
  }

  return (
    <PublicPage title={translate('terms.new_password')}>
      <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)}>
        <TextField
          label={translate('terms.new_password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          autoFocus
          helperText={translate('stockroom.password_reset.help', { min: MIN_PASSWORD_LENGTH })}
          slotProps={{ htmlInput: { minLength: MIN_PASSWORD_LENGTH } }}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={pending}>
          {translate('terms.submit')}
        </Button>
      </Stack>
    </PublicPage>
  )
}
export default PasswordResetPage
