// /me (SPEC §2 Profile): the signed-in user's data, read fresh on opening; a pencil to edit; verification mail.
import { useCallback, useEffect, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material'
import EditIcon from '@mui/icons-material/Edit'
import { Title } from 'react-admin'
import type { Me } from '../../contract'
import { account } from '../providers'
import { SendVerificationDialog } from '../common/SendVerificationDialog'
import { ProfileForm } from './ProfileForm'
import { RolesHeld } from './RolesHeld'
import { ScannerPrefixCard } from '../common/scanning/ScannerPrefixCard'
import { useTranslate } from '../common/translate'

export function ProfilePage() {
  const translate = useTranslate()
  const [user, setUser] = useState<Me>()
  const [error, setError] = useState<string>()
  const [editing, setEditing] = useState(false)
  const [dialogOpen, setDialogOpen] = useState(false)

  const load = useCallback(() => account.me().then(setUser, (failure: Error) => setError(failure.message)), [])
  const reload = () => {
    setError(undefined)
    return load()
  }
  useEffect(() => {
    void load()
  }, [load])

  return (
    <Box sx={{ maxWidth: 640, mt: 2 }}>
      <Title title={translate('terms.profile')} />
      {error && <Alert severity="error">{error}</Alert>}
      {!user && !error && <CircularProgress size={24} />}
      {user && editing && (
        <ProfileForm
          user={user}
          onCancel={() => {
            setEditing(false)
            void reload()
          }}
          onSaved={(saved) => {
            // the saved account without its roles, which the change leaves as they were
            setUser({ ...user, ...saved })
            setEditing(false)
          }}
        />
      )}
      {user && !editing && (
        <Card>
          <CardHeader
            title={user.username}
            action={
              <Tooltip title={translate('terms.edit')}>
                <IconButton aria-label={translate('terms.edit')} onClick={() => setEditing(true)}>
                  <EditIcon />
                </IconButton>
              </Tooltip>
            }
          />
          <CardContent>
            <Stack spacing={1}>
              <Field label={translate('stockroom.profile.username')} value={user.username} />
              <Field label={translate('terms.first_name')} value={user.given_name} />
              <Field label={translate('terms.last_name')} value={user.family_name} />
              <Field label={translate('terms.email')} value={user.email} />
              {/* the three flags wrap on a phone rather than cut the last one off */}
              <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Flag label={translate('stockroom.profile.active')} checked={user.is_active} />
                <Flag label={translate('stockroom.profile.verified')} checked={user.is_verified} />
                <Flag label={translate('terms.superuser')} checked={user.is_superuser} />
              </Stack>
              <RolesHeld me={user} />
              <Box>
                <Button variant="outlined" disabled={user.is_verified} onClick={() => setDialogOpen(true)}>
                  {translate('stockroom.profile.send_verification')}
                </Button>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      )}
      <SendVerificationDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        initialEmail={user?.email}
        onSent={() => void reload()}
      />
      <ScannerPrefixCard />
    </Box>
  )
}

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value || '—'}</Typography>
    </Box>
  )
}

function Flag({ label, checked }: { label: string; checked: boolean }) {
  return <FormControlLabel control={<Checkbox checked={checked} disabled />} label={label} />
}
export default ProfilePage
