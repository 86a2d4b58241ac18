// /orgs/{id} (SPEC §2 Organization edit): name, seller and supplier checkboxes, the e-mail address and language of
// what is sent to it, Delete (asks first; a refusal says why), Save (then back to /orgs), and when it was last edited.
import { Edit, ListButton, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, TopToolbar, email, required } from 'react-admin'
import { useInput, useNotify, useRecordContext, useRedirect } from 'ra-core'
import { Box, Checkbox, FormControlLabel } from '@mui/material'
import type { Organization } from '../../contract'
import { LANGUAGES } from '../../contract/constants'
import { DeleteConfirmButton } from '../common/DeleteConfirmButton'
import { useRecordWrites } from '../common/useRecordWrites'
import { LastEdited } from '../common/LastEdited'
import { HistoryPanel } from '../common/history/HistoryPanel'
import { useTranslate } from '../common/translate'

export default function OrgEdit() {
  const notify = useNotify()
  const redirect = useRedirect()
  return (
    <Edit<Organization>
      title={<OrgTitle />}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (saved) => {
          notify('catalogue.orgs.saved', { type: 'success', messageArgs: { name: saved.org_name } })
          redirect('list', 'orgs')
        },
      }}
      actions={
        <TopToolbar>
          <ListButton label="catalogue.orgs.back" />
        </TopToolbar>
      }
      sx={{ maxWidth: 640 }}
    >
      {/* the e-mail address is checked by react-admin, in the reader's language, rather than by the browser */}
      <SimpleForm toolbar={<OrgToolbar />} noValidate>
        <TextInput source="org_name" validate={required()} fullWidth />
        <CheckboxInput source="is_seller" />
        <CheckboxInput source="is_supplier" />
        <TextInput source="email" type="email" validate={email()} fullWidth />
        <SelectInput source="language" choices={LANGUAGE_CHOICES} validate={required()} helperText="catalogue.orgs.language_help" />
        <OrgLastEdited />
      </SimpleForm>
      <OrgHistory />
    </Edit>
  )
}

const LANGUAGE_CHOICES = LANGUAGES.map((id) => ({ id, name: `resources.orgs.languages.${id}` }))

function OrgTitle() {
  const translate = useTranslate()
  const org = useRecordContext<Organization>()
  return <>{org ? translate('catalogue.orgs.edit_title', { name: org.org_name }) : translate('terms.organizations')}</>
}

function CheckboxInput({ source }: { source: 'is_seller' | 'is_supplier' }) {
  const translate = useTranslate()
  const { field } = useInput({ source, type: 'checkbox' })
  return (
    <FormControlLabel
      label={translate(`resources.orgs.fields.${source}`)}
      control={
        <Checkbox
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
        />
      }
    />
  )
}

function OrgHistory() {
  const org = useRecordContext<Organization>()
  return org ? (
    <Box sx={{ px: 2, pb: 2 }}>
      <HistoryPanel entity="organization" id={org.id} variant="plain" />
    </Box>
  ) : null
}

function OrgLastEdited() {
  const org = useRecordContext<Organization>()
  return org ? <LastEdited at={org.updated_at} /> : null
}

function OrgToolbar() {
  const translate = useTranslate()
  const notify = useNotify()
  const redirect = useRedirect()
  const org = useRecordContext<Organization>()
  const { remove } = useRecordWrites()
  if (!org) return null
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteConfirmButton
        size="medium"
        title={translate('catalogue.orgs.delete_title', { name: org.org_name })}
        content={translate('catalogue.orgs.delete_content')}
        onConfirm={async () => {
          await remove('orgs', { id: org.id, previousData: org })
          notify('catalogue.orgs.deleted', { type: 'success', messageArgs: { name: org.org_name } })
          redirect('list', 'orgs')
        }}
      />
    </Toolbar>
  )
}
