// /verify/{token}: checks the token once, then says whether the address is verified (SPEC §2 Verification page).
import { useEffect, useRef, useState } from 'react'
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material'
import { Link, useParams } from 'react-router-dom'
import { AUTH_ERRORS } from '../../contract/constants'
import { account } from '../providers'
import { PublicPage } from '../common/PublicPage'
import { SendVerificationDialog } from '../common/SendVerificationDialog'
import { useTranslate } from '../common/translate'

type State = 'loading' | 'verified' | 'already' | 'failed'

export function VerifyPage() {
  const translate = useTranslate()
  const { token = '' } = useParams()
  const [answer, setAnswer] = useState<State>('loading')
  const state: State = token ? answer : 'failed'
  const [resendOpen, setResendOpen] = useState(false)
  const started = useRef(false)

  useEffect(() => {
    // a token is single-use: never send it twice, even when React mounts the page twice
    if (started.current || !token) return
    started.current = true
    account
      .verifyEmail(token)
      .then(() => setAnswer('verified'))
      .catch((error: { body?: { detail?: string } }) =>
        setAnswer(error.body?.detail === AUTH_ERRORS.VERIFY_USER_ALREADY_VERIFIED ? 'already' : 'failed'),
      )
  }, [token])

  return (
    <PublicPage title={translate('stockroom.verify.title')}>
      {state === 'loading' && (
        <Stack direction="row" spacing={2} alignItems="center">
          <CircularProgress size={24} />
          <Typography>{translate('stockroom.verify.wait')}</Typography>
        </Stack>
      )}
      {(state === 'verified' || state === 'already') && (
        <Stack spacing={1}>
          <Alert severity="success">
            {translate(state === 'verified' ? 'stockroom.verify.success' : 'stockroom.verify.already_verified')}
          </Alert>
          <Typography>{translate('stockroom.verify.success_hint')}</Typography>
          <Box>
            <Button component={Link} to="/me" variant="contained">
              {translate('stockroom.verify.profile_link')}
            </Button>
          </Box>
        </Stack>
      )}
      {state === 'failed' && (
        <Stack spacing={2}>
          <Alert severity="error">{translate('stockroom.verify.failure')}</Alert>
          <Box>
            <Button variant="contained" onClick={() => setResendOpen(true)}>
              {translate('stockroom.verify.resend')}
            </Button>
          </Box>
          <SendVerificationDialog open={resendOpen} onClose={() => setResendOpen(false)} />
        </Stack>
      )}
    </PublicPage>
  )
}
export default VerifyPage
