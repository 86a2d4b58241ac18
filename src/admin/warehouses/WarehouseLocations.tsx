// The locations of one warehouse on /warehouses: folded until opened (a warehouse may have a thousand), then a page of
// ten at a time, found by a part of the name, each with its scannable code, renamable and deletable; a field to add
// one, and their labels to print. They live at warehouses/{id}/locations, so writes there refresh this list.
import { useState } from 'react'
import { useGetList, useNotify } from 'ra-core'
import { PageNumbers } from '../common/TranslatedPagination'
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, InputAdornment, Stack, TextField, Typography } from '@mui/material'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import PrintIcon from '@mui/icons-material/Print'
import SearchIcon from '@mui/icons-material/Search'
import type { Location, Warehouse } from '../../contract'
import { MAX_LIST_LIMIT } from '../../contract/constants'
import { AddByName } from '../common/AddByName'
import { ListMessage } from '../common/ListMessage'
import { NameRow } from '../common/NameRow'
import { useRecordWrites } from '../common/useRecordWrites'
import { locationLabelItem, PrintLabelsDialog } from '../common/labels'
import { useTranslate } from '../common/translate'

const PER_PAGE = 10
const byName = { field: 'location_name', order: 'ASC' } as const

export function WarehouseLocations({ warehouse }: { warehouse: Warehouse }) {
  const translate = useTranslate()
  const [open, setOpen] = useState(false)
  const resource = `warehouses/${warehouse.id}/locations`
  // folded, only the count is read
  const { total } = useGetList<Location>(resource, { pagination: { page: 1, perPage: 1 }, sort: byName })
  const summaryId = `locations-of-${warehouse.id}`
  return (
    <Accordion
      expanded={open}
      onChange={(_, expanded) => setOpen(expanded)}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ mt: 2 }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId}>
        <Typography variant="subtitle2">
          {translate('floor.warehouses.locations_count', { smart_count: total ?? 0, name: warehouse.warehouse_name })}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <LocationsPage warehouse={warehouse} resource={resource} />
      </AccordionDetails>
    </Accordion>
  )
}

function LocationsPage({ warehouse, resource }: { warehouse: Warehouse; resource: string }) {
  const translate = useTranslate()
  const notify = useNotify()
  const { create, update, remove } = useRecordWrites()
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [printing, setPrinting] = useState(false)
  const {
    data,
    total = 0,
    isPending,
    error,
  } = useGetList<Location>(resource, {
    pagination: { page, perPage: PER_PAGE },
    sort: byName,
    filter: search.trim() ? { q: search.trim() } : {},
  })
  const label = translate('terms.location')

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          label={translate('floor.warehouses.find_location')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setPage(1)
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: '1 1 200px' }}
        />
        <Button startIcon={<PrintIcon />} onClick={() => setPrinting(true)} disabled={total === 0 && !search}>
          {translate('terms.print_labels')}
        </Button>
      </Stack>
      {isPending || error || !data?.length ? (
        <ListMessage
          pending={isPending}
          error={error && new Error(translate('catalogue.warehouses.locations_failed', { error: error.message }))}
          empty={translate(search.trim() ? 'floor.warehouses.no_location_match' : 'catalogue.warehouses.no_locations')}
        />
      ) : (
        data.map((location) => (
          <Box key={location.id}>
            <NameRow
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
              deleteTitle={translate('terms.remove_location_title', { name: location.location_name })}
              deleteContent={translate('catalogue.warehouses.location_delete_content')}
            />
            <Typography variant="caption" color="text.secondary" sx={{ pl: 1 }}>
              {translate('floor.warehouses.code', { code: location.code })}
            </Typography>
          </Box>
        ))
      )}
      <PageNumbers total={total} perPage={PER_PAGE} page={page} setPage={setPage} />
      <AddByName
        label={translate('terms.new_location')}
        buttonLabel={translate('catalogue.warehouses.add_location')}
        onAdd={async (location_name) => {
          await create(resource, { data: { location_name } })
          notify('catalogue.warehouses.location_added', { type: 'success', messageArgs: { name: location_name } })
        }}
      />
      {printing && <PrintLocationLabels warehouse={warehouse} resource={resource} onClose={() => setPrinting(false)} />}
    </Stack>
  )
}

/** Labels of every location of the warehouse (a thousand at most), with the preview. */
function PrintLocationLabels({ warehouse, resource, onClose }: { warehouse: Warehouse; resource: string; onClose: () => void }) {
  const { data = [] } = useGetList<Location>(resource, { pagination: { page: 1, perPage: MAX_LIST_LIMIT }, sort: byName })
  return (
    <PrintLabelsDialog
      open
      onClose={onClose}
      request={{ kind: 'locations', query: { warehouse_id: warehouse.id } }}
      items={data.map((location) => locationLabelItem(warehouse.warehouse_name, location))}
      fileName={`locations-${warehouse.warehouse_name}.pdf`}
    />
  )
}
