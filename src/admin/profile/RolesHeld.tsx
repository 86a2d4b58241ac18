// The roles the signed-in person holds, as their profile shows them: each role and where it holds. A super-user
// is the administrator, whatever else they hold.
import { Box, Chip, Stack, Typography } from '@mui/material'
import type { Me, RoleGrant } from '../../contract'
import { useTranslate } from '../common/translate'
import { useRoleWords } from '../common/useRoleWords'

export function RolesHeld({ me }: { me: Me }) {
  const translate = useTranslate()
  const held: RoleGrant[] = me.is_superuser
    ? [{ role: 'administrator', warehouse_id: null }, ...me.roles.filter((grant) => grant.role !== 'administrator')]
    : me.roles
  const words = useRoleWords(held)
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="h2">
        {translate('roles.title')}
      </Typography>
      {held.length === 0 ? (
        <Typography>{translate('roles.none')}</Typography>
      ) : (
        <Stack component="ul" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
          {held.map((grant) => (
            <li key={`${grant.role}@${grant.warehouse_id ?? ''}`}>
              <Chip label={words(grant)} />
            </li>
          ))}
        </Stack>
      )}
    </Box>
  )
}
