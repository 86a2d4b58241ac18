// /orgs (SPEC §2 Organizations list): a card per organization with its name, read-only seller and supplier
// checkboxes and an Edit link to /orgs/{id}; a name field (with the roles) adds one. Search and paging for long lists.
import { useState } from 'react'
import { EditButton, List, SearchInput, TopToolbar } from 'react-admin'
import { useListContext, useNotify } from 'ra-core'
import { Box, Card, CardActions, CardContent, Checkbox, FormControlLabel, Typography } from '@mui/material'
import type { Organization } from '../../contract'
import { AddByName } from '../common/AddByName'
import { ListMessage, useSearchText } from '../common/ListMessage'
import { listPagination } from '../common/listPagination'
import { useRecordWrites } from '../common/useRecordWrites'
import { ListExportButton } from '../common/ExportButton'
import { useTranslate } from '../common/translate'

export default function OrgList() {
  return (
    <List
      title="terms.organizations"
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        // the export and the add field wrap on a phone rather than widen the page
        <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center' }}>
          <ListExportButton path="orgs" />
          <AddOrganization />
        </TopToolbar>
      }
      sort={{ field: 'org_name', order: 'ASC' }}
      perPage={25}
      pagination={listPagination}
      empty={false}
    >
      <OrgCards />
    </List>
  )
}

function AddOrganization() {
  const translate = useTranslate()
  const notify = useNotify()
  const { create } = useRecordWrites()
  const [roles, setRoles] = useState({ is_seller: false, is_supplier: false })
  const add = async (org_name: string) => {
    await create('orgs', { data: { org_name, ...roles } })
    setRoles({ is_seller: false, is_supplier: false })
    notify('catalogue.orgs.added', { type: 'success', messageArgs: { name: org_name } })
  }
  const role = (key: keyof typeof roles) => (
    <FormControlLabel
      label={translate(`resources.orgs.fields.${key}`)}
      control={<Checkbox size="small" checked={roles[key]} onChange={(e) => setRoles({ ...roles, [key]: e.target.checked })} />}
    />
  )
  return (
    <AddByName label={translate('catalogue.orgs.new_name')} buttonLabel={translate('catalogue.orgs.add')} onAdd={add}>
      {role('is_seller')}
      {role('is_supplier')}
    </AddByName>
  )
}

function OrgCards() {
  const translate = useTranslate()
  const { data, isPending, error } = useListContext<Organization>()
  const searchText = useSearchText()
  if (isPending || error || !data?.length)
    return (
      <ListMessage pending={isPending} error={error} empty={translate(searchText ? 'catalogue.orgs.no_match' : 'catalogue.orgs.empty')} />
    )
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
      {data.map((org) => (
        <OrgCard key={org.id} org={org} />
      ))}
    </Box>
  )
}

function OrgCard({ org }: { org: Organization }) {
  const translate = useTranslate()
  const role = (key: 'is_seller' | 'is_supplier') => (
    <FormControlLabel label={translate(`resources.orgs.fields.${key}`)} control={<Checkbox checked={org[key]} disabled size="small" />} />
  )
  return (
    <Card variant="outlined" component="article" aria-label={org.org_name} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, pb: 0 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {org.org_name}
        </Typography>
        <Box>
          {role('is_seller')}
          {role('is_supplier')}
        </Box>
      </CardContent>
      <CardActions>
        <EditButton record={org} resource="orgs" aria-label={`${translate('ra.action.edit')} ${org.org_name}`} />
      </CardActions>
    </Card>
  )
}
