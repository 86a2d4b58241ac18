// /warehouses: the overview of warehouses and their locations. Add, rename and delete both; a refused delete
// (stock mutations registered) says why. The stock tab has its own inline version for the product at hand.
import { List, SearchInput, TopToolbar } from 'react-admin'
import { useListContext, useNotify } from 'ra-core'
import { Card, CardContent, Stack } from '@mui/material'
import type { Warehouse } from '../../contract'
import { AddByName } from '../common/AddByName'
import { ListMessage, useSearchText } from '../common/ListMessage'
import { NameRow } from '../common/NameRow'
import { listPagination } from '../common/listPagination'
import { useRecordWrites } from '../common/useRecordWrites'
import { WarehouseLocations } from './WarehouseLocations'
import { BookingRules } from './BookingRules'
import { WarehouseAddress } from './WarehouseAddress'
import { ListExportButton } from '../common/ExportButton'
import { HistoryToggle } from '../common/history/HistoryPanel'
import { useTranslate } from '../common/translate'

export default function WarehouseList() {
  return (
    <List
      title="terms.warehouses"
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      actions={
        // the export and the add field wrap on a phone rather than widen the page
        <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center' }}>
          <ListExportButton path="warehouses" />
          <AddWarehouse />
        </TopToolbar>
      }
      sort={{ field: 'warehouse_name', order: 'ASC' }}
      perPage={10}
      pagination={listPagination}
      empty={false}
      sx={{ maxWidth: 960 }}
    >
      <WarehouseCards />
    </List>
  )
}

function AddWarehouse() {
  const translate = useTranslate()
  const notify = useNotify()
  const { create } = useRecordWrites()
  const add = async (warehouse_name: string) => {
    await create('warehouses', { data: { warehouse_name } })
    notify('catalogue.warehouses.added', { type: 'success', messageArgs: { name: warehouse_name } })
  }
  return <AddByName label={translate('terms.new_warehouse')} buttonLabel={translate('catalogue.warehouses.add')} onAdd={add} />
}

function WarehouseCards() {
  const translate = useTranslate()
  const { data, isPending, error } = useListContext<Warehouse>()
  const searchText = useSearchText()
  if (isPending || error || !data?.length)
    return (
      <ListMessage
        pending={isPending}
        error={error}
        empty={translate(searchText ? 'catalogue.warehouses.no_match' : 'catalogue.warehouses.empty')}
      />
    )
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {data.map((warehouse) => (
        <WarehouseCard key={warehouse.id} warehouse={warehouse} />
      ))}
    </Stack>
  )
}

function WarehouseCard({ warehouse }: { warehouse: Warehouse }) {
  const translate = useTranslate()
  const notify = useNotify()
  const { update, remove } = useRecordWrites()
  const name = warehouse.warehouse_name
  return (
    <Card variant="outlined" component="section" aria-label={name}>
      <CardContent>
        <NameRow
          size="medium"
          name={name}
          label={translate('resources.warehouses.fields.warehouse_name')}
          onSave={async (warehouse_name) => {
            await update('warehouses', { id: warehouse.id, data: { warehouse_name }, previousData: warehouse })
            notify('catalogue.warehouses.saved', { type: 'success', messageArgs: { name: warehouse_name } })
          }}
          onDelete={async () => {
            await remove('warehouses', { id: warehouse.id, previousData: warehouse })
            notify('catalogue.warehouses.deleted', { type: 'success', messageArgs: { name } })
          }}
          deleteTitle={translate('terms.remove_warehouse_title', { name })}
          deleteContent={translate('catalogue.warehouses.delete_content')}
        />
        <WarehouseAddress warehouse={warehouse} />
        <BookingRules warehouse={warehouse} />
        <WarehouseLocations warehouse={warehouse} />
        <HistoryToggle entity="warehouse" id={warehouse.id} />
      </CardContent>
    </Card>
  )
}
