// Sign in (SPEC §2 Login): a 'Welcome' form; on success to nextUrl (default '/'); a wrong pair is said, not swallowed.
import { useState, type FormEvent } from 'react'
import { Alert, Box, Button, Card, CardActions, CardContent, Stack, TextField, Typography } from '@mui/material'
import { LocalesMenuButton } from 'react-admin'
import { useLogin } from 'ra-core'
import { Navigate, useLocation } from 'react-router-dom'
import { safeNextUrl } from '../providers/authProvider'
import { session } from '../providers/session'
import { useDocumentTitle } from '../common/DocumentTitle'
import { ForgotPasswordDialog } from './ForgotPasswordDialog'
import { useTranslate } from '../common/translate'

export function LoginPage() {
  const translate = useTranslate()
  const login = useLogin()
  const location = useLocation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const [forgotOpen, setForgotOpen] = useState(false)
  useDocumentTitle(translate('terms.sign_in'))

  if (session.token()) return <Navigate to={safeNextUrl(location.search)} replace />

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!email || !password) return
    setPending(true)
    setError(undefined)
    try {
      await login({ email, password }, safeNextUrl(location.search))
    } catch (failure) {
      setError((failure as Error).message)
      setPending(false)
    }
  }

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', px: 1 }}
    >
      <Card component="form" onSubmit={(event) => void submit(event)} sx={{ width: '100%', maxWidth: 360 }} noValidate={false}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1" align="center">
              {translate('stockroom.auth.welcome')}
            </Typography>
            <TextField
              label={translate('terms.email')}
              type="email"
              name="email"
              autoComplete="username"
              required
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label={translate('terms.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </CardContent>
        <CardActions sx={{ flexDirection: 'column', gap: 1, px: 2, pb: 2 }}>
          <Button type="submit" variant="contained" fullWidth disabled={pending}>
            {translate('terms.sign_in')}
          </Button>
          <Stack direction="row" justifyContent="space-between" alignItems="center" width="100%">
            <Button size="small" onClick={() => setForgotOpen(true)}>
              {translate('stockroom.auth.forgot_password')}
            </Button>
            <LocalesMenuButton />
          </Stack>
        </CardActions>
      </Card>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </Box>
  )
}
