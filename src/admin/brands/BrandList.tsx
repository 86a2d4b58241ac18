// /brands (SPEC §2 Brands): an add-brand input, and every brand with its name editable, Save and Delete.
// A search box and paging keep long lists usable; a refused delete or save says why.
import { List, SearchInput, TopToolbar } from 'react-admin'
import { useListContext, useNotify } from 'ra-core'
import { Stack } from '@mui/material'
import type { Brand } from '../../contract'
import { AddByName } from '../common/AddByName'
import { ListMessage, useSearchText } from '../common/ListMessage'
import { NameRow } from '../common/NameRow'
import { listPagination } from '../common/listPagination'
import { useRecordWrites } from '../common/useRecordWrites'
import { ListExportButton } from '../common/ExportButton'
import { HistoryToggle } from '../common/history/HistoryPanel'
import { useTranslate } from '../common/translate'

const RESOURCE = 'brands'

export default function BrandList() {
  return (
    <List
      title="terms.brands"
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        // the export and the add field wrap on a phone rather than widen the page
        <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center' }}>
          <ListExportButton path="brands" />
          <AddBrand />
        </TopToolbar>
      }
      sort={{ field: 'brand_name', order: 'ASC' }}
      perPage={25}
      pagination={listPagination}
      empty={false}
      sx={{ maxWidth: 900 }}
    >
      <BrandRows />
    </List>
  )
}

function AddBrand() {
  const translate = useTranslate()
  const notify = useNotify()
  const { create } = useRecordWrites()
  const add = async (brand_name: string) => {
    await create(RESOURCE, { data: { brand_name } })
    notify('catalogue.brands.added', { type: 'success', messageArgs: { name: brand_name } })
  }
  return <AddByName label={translate('catalogue.brands.new_name')} buttonLabel={translate('catalogue.brands.add')} onAdd={add} />
}

function BrandRows() {
  const translate = useTranslate()
  const { data, isPending, error } = useListContext<Brand>()
  const searchText = useSearchText()
  if (isPending || error || !data?.length)
    return (
      <ListMessage
        pending={isPending}
        error={error}
        empty={translate(searchText ? 'catalogue.brands.no_match' : 'catalogue.brands.empty')}
      />
    )
  return (
    <Stack spacing={1.5} sx={{ p: 2 }}>
      {data.map((brand) => (
        <BrandRow key={brand.id} brand={brand} />
      ))}
    </Stack>
  )
}

function BrandRow({ brand }: { brand: Brand }) {
  const translate = useTranslate()
  const notify = useNotify()
  const { update, remove } = useRecordWrites()
  return (
    <div>
      <NameRow
        name={brand.brand_name}
        label={translate('resources.brands.fields.brand_name')}
        onSave={async (brand_name) => {
          await update(RESOURCE, { id: brand.id, data: { brand_name }, previousData: brand })
          notify('catalogue.brands.saved', { type: 'success', messageArgs: { name: brand_name } })
        }}
        onDelete={async () => {
          await remove(RESOURCE, { id: brand.id, previousData: brand })
          notify('catalogue.brands.deleted', { type: 'success', messageArgs: { name: brand.brand_name } })
        }}
        deleteTitle={translate('catalogue.brands.delete_title', { name: brand.brand_name })}
        deleteContent={translate('catalogue.brands.delete_content')}
      />
      <HistoryToggle entity="brand" id={brand.id} />
    </div>
  )
}
