// /users (SPEC §2 Users), for super-users: a top row that adds a user, then a card per user.
// Anyone else is told plainly that the page is not theirs (the server would answer 403 anyway).
import { List, SearchInput, Title, TopToolbar } from 'react-admin'
import { useCanAccess, useListContext } from 'ra-core'
import { Alert, AlertTitle, Box, CircularProgress } from '@mui/material'
import type { User } from '../../contract'
import { ListMessage } from '../common/ListMessage'
import { listPagination } from '../common/listPagination'
import { session } from '../providers/session'
import { AddUserForm } from './AddUserForm'
import { UserCard } from './UserCard'
import { ListExportButton } from '../common/ExportButton'
import { useTranslate } from '../common/translate'

export default function UserList() {
  const { canAccess, isPending } = useCanAccess({ resource: 'users', action: 'list' })
  if (isPending) return <CircularProgress size={24} sx={{ m: 2 }} />
  return canAccess ? <UserAdministration /> : <OnlyForSuperusers />
}

function OnlyForSuperusers() {
  const translate = useTranslate()
  return (
    <Box sx={{ maxWidth: 640, mt: 2 }}>
      <Title title="terms.users" />
      <Alert severity="info">
        <AlertTitle>{translate('users.forbidden_title')}</AlertTitle>
        {translate('users.forbidden')}
      </Alert>
    </Box>
  )
}

function UserAdministration() {
  return (
    <Box sx={{ mt: 2 }}>
      <AddUserForm />
      <List
        title="terms.users"
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        actions={
          <TopToolbar>
            <ListExportButton path="users" />
          </TopToolbar>
        }
        sort={{ field: 'username', order: 'ASC' }}
        perPage={25}
        pagination={listPagination}
        empty={false}
      >
        <UserCards />
      </List>
    </Box>
  )
}

function UserCards() {
  const translate = useTranslate()
  const { data, isPending, error } = useListContext<User>()
  const myId = session.user()?.id
  if (isPending || error || !data?.length) return <ListMessage pending={isPending} error={error} empty={translate('users.empty')} />
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
      {data.map((user) => (
        // a new version from the server starts the card afresh; unsaved edits of the others stay
        <UserCard key={`${user.id}@${user.updated_at}`} user={user} isSelf={user.id === myId} />
      ))}
    </Box>
  )
}
