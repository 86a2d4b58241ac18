// The locations of one warehouse on /warehouses: each renamable and deletable, and a field to add one.
// They live at warehouses/{id}/locations, so writes there refresh this list.
import { useGetList, useNotify, useTranslate } from 'ra-core'
import { Box, Stack, Typography } from '@mui/material'
import type { Location, Warehouse } from '../../contract'
import { MAX_LIST_LIMIT } from '../../contract/constants'
import { AddByName } from '../common/AddByName'
import { ListMessage } from '../common/ListMessage'
import { NameRow } from '../common/NameRow'
import { useRecordWrites } from '../common/useRecordWrites'

export function WarehouseLocations({ warehouse }: { warehouse: Warehouse }) {
  const translate = useTranslate()
  const notify = useNotify()
  const { create, update, remove } = useRecordWrites()
  const resource = `warehouses/${warehouse.id}/locations`
  const { data, isPending, error } = useGetList<Location>(resource, {
    pagination: { page: 1, perPage: MAX_LIST_LIMIT },
    sort: { field: 'location_name', order: 'ASC' },
  })
  const label = translate('catalogue.warehouses.location_name')

  return (
    <Box sx={{ mt: 2, pl: { sm: 3 } }}>
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate('catalogue.warehouses.locations')}
      </Typography>
      <Stack spacing={1}>
        {isPending || error || !data?.length ? (
          <ListMessage
            pending={isPending}
            error={error && new Error(translate('catalogue.warehouses.locations_failed', { error: error.message }))}
            empty={translate('catalogue.warehouses.no_locations')}
          />
        ) : (
          data.map((location) => (
            <NameRow
              key={location.id}
              name={location.location_name}
              label={label}
              onSave={async (location_name) => {
                await update(resource, { id: location.id, data: { location_name }, previousData: location })
                notify('catalogue.warehouses.location_saved', { type: 'success', messageArgs: { name: location_name } })
              }}
              onDelete={async () => {
                await remove(resource, { id: location.id, previousData: location })
                notify('catalogue.warehouses.location_deleted', { type: 'success', messageArgs: { name: location.location_name } })
              }}
              deleteTitle={translate('catalogue.warehouses.location_delete_title', { name: location.location_name })}
              deleteContent={translate('catalogue.warehouses.location_delete_content')}
            />
          ))
        )}
        <AddByName
          label={translate('catalogue.warehouses.new_location')}
          buttonLabel={translate('catalogue.warehouses.add_location')}
          onAdd={async (location_name) => {
            await create(resource, { data: { location_name } })
            notify('catalogue.warehouses.location_added', { type: 'success', messageArgs: { name: location_name } })
          }}
        />
      </Stack>
    </Box>
  )
}
