// The left-hand menu: home, the resources (Users only for super-users, via canAccess), the profile.
import { Menu as RaMenu } from 'react-admin'
import { useTranslate } from 'ra-core'
import AccountCircleIcon from '@mui/icons-material/AccountCircle'

export function Menu() {
  const translate = useTranslate()
  return (
    <RaMenu>
      <RaMenu.ResourceItems />
      <RaMenu.Item to="/me" primaryText={translate('stockroom.menu.profile')} leftIcon={<AccountCircleIcon />} />
    </RaMenu>
  )
}
