// One row of the mutation form for a warehouse or a location: choose one, or create, rename or remove one
// (SPEC §4), with the confirmation texts of SPEC §8. Enter saves a name, Escape cancels.
import type { KeyboardEvent, ReactNode, Ref } from 'react'
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  createFilterOptions,
  DialogContentText,
  IconButton,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import EditIcon from '@mui/icons-material/Edit'
import DeleteIcon from '@mui/icons-material/DeleteOutline'
import { Confirm } from 'react-admin'
import { TAKES_TEXT } from '../../common/scanning'
import { canSave, selectedLocation, selectedWarehouse, type Level, type PlaceMode } from '../../common/mutationFormState'
import type { useMutationForm } from './useMutationForm'
import { useTranslate } from '../../common/translate'
import { session } from '../../providers/session'

type MutationForm = ReturnType<typeof useMutationForm>
interface PlaceOption {
  id: number
  name: string
  code?: string
}
/** a location is found by a part of its name or of its code */
const byNameOrCode = createFilterOptions<PlaceOption>({ stringify: (option) => `${option.name} ${option.code ?? ''}` })

function ToolButton({
  label,
  icon,
  disabled,
  onClick,
  apart = false,
}: {
  label: string
  icon: ReactNode
  disabled?: boolean
  onClick: () => void
  /** a destructive button stands apart from the others, out of a thumb's slip */
  apart?: boolean
}) {
  return (
    <Tooltip title={label} describeChild>
      {/* a disabled button gets no mouse events; the span keeps the tooltip working */}
      <Box component="span" sx={{ ml: apart ? 2 : 0, flexShrink: 0 }}>
        <IconButton
          aria-label={label}
          size="small"
          disabled={disabled}
          onClick={onClick}
          sx={{ '@media (pointer: coarse)': { width: 44, height: 44 } }}
        >
          {icon}
        </IconButton>
      </Box>
    </Tooltip>
  )
}

/** What differs between the two levels. */
function describe(form: MutationForm, level: Level) {
  const { state } = form
  if (level === 'warehouse')
    return {
      place: state.warehouse,
      options: state.warehouse.items?.map((w): PlaceOption => ({ id: w.id, name: w.warehouse_name })),
      selectedName: selectedWarehouse(state)?.warehouse_name,
      blocked: false,
      confirmLines: ['stock.warehouse.delete_cascade', 'stock.warehouse.delete_condition'] as const,
      save: form.saveWarehouse,
      remove: form.deleteWarehouse,
    }
  return {
    place: state.location,
    options: state.location.items?.map((l) => ({ id: l.id, name: l.location_name, code: l.code })),
    selectedName: selectedLocation(state)?.location_name,
    // locations belong to a warehouse: nothing to do here until one is chosen
    blocked: state.warehouse.selectedId === null,
    confirmLines: ['stock.location.delete_condition'] as const,
    save: form.saveLocation,
    remove: form.deleteLocation,
  }
}

/** `inputRef`: the location's input, where the cursor goes after a booking (the next scan chooses the next place) */
export function PlaceField({ form, level, inputRef }: { form: MutationForm; level: Level; inputRef?: Ref<HTMLInputElement> }) {
  const translate = useTranslate()
  const { place, options, selectedName, blocked, confirmLines, save, remove } = describe(form, level)
  // adding, renaming and deleting places is for those who manage them (locations: in the chosen warehouse)
  const manages =
    level === 'warehouse' ? session.holds('warehouses.manage') : session.holds('locations.manage', form.state.warehouse.selectedId)
  const { dispatch, pending } = form
  const busy = pending !== null
  const label = translate(`stock.form.${level}`)
  const setMode = (mode: PlaceMode) => dispatch({ type: 'modeChanged', level, mode })
  const saveable = canSave(form.state, level) && !busy

  if (place.mode === 'create' || place.mode === 'rename') {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Enter') {
        event.preventDefault()
        if (saveable) void save()
      } else if (event.key === 'Escape') {
        event.preventDefault()
        setMode('select')
      }
    }
    const firstOne = options?.length === 0
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          // an input that opened by itself on choosing an empty warehouse must not pull the cursor out of the select
          autoFocus={level === 'warehouse' || !place.openedByItself}
          fullWidth
          size="small"
          label={translate(place.mode === 'create' ? `stock.${level}.new` : `stock.${level}.rename`)}
          placeholder={translate(`stock.${level}.new_name`)}
          value={place.draft}
          onChange={(event) => dispatch({ type: 'draftChanged', level, draft: event.target.value })}
          onKeyDown={onKeyDown}
          slotProps={{ htmlInput: TAKES_TEXT }}
          error={Boolean(place.error)}
          helperText={place.error ?? (firstOne && place.mode === 'create' ? translate(`stock.${level}.none`) : undefined)}
        />
        <Button variant="contained" disabled={!saveable} onClick={() => void save()} sx={{ flexShrink: 0, mt: '2px' }}>
          {translate('terms.save')}
        </Button>
        {!firstOne && (
          <Button onClick={() => setMode('select')} disabled={busy} sx={{ flexShrink: 0, mt: '2px' }}>
            {translate('terms.cancel')}
          </Button>
        )}
      </Stack>
    )
  }

  const loading = !blocked && options === undefined && !place.error
  const emptyOption = blocked
    ? 'stock.form.choose_warehouse_first'
    : loading
      ? 'stock.form.loading'
      : (`stock.form.choose_${level}` as const)
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {level === 'location' ? (
        // a warehouse may have hundreds of locations: typed, not scrolled to (a scanned code picks one too)
        <Autocomplete
          fullWidth
          size="small"
          options={options ?? []}
          value={options?.find((option) => option.id === place.selectedId) ?? null}
          onChange={(_, option) => dispatch({ type: 'locationSelected', id: option?.id ?? null })}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={byNameOrCode}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <Box component="span" sx={{ flex: 1 }}>
                {option.name}
              </Box>
              {option.code && (
                <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8em', ml: 1 }}>
                  {option.code}
                </Box>
              )}
            </li>
          )}
          disabled={blocked || options === undefined}
          noOptionsText={translate('floor.stock.no_location_match')}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={inputRef}
              label={label}
              placeholder={translate(emptyOption)}
              error={Boolean(place.error) && place.mode === 'select'}
              helperText={place.mode === 'select' ? place.error : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          )}
        />
      ) : (
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          value={place.selectedId ?? ''}
          onChange={(event) =>
            level === 'warehouse'
              ? dispatch({ type: 'warehouseSelected', id: event.target.value === '' ? null : Number(event.target.value) })
              : dispatch({ type: 'locationSelected', id: event.target.value === '' ? null : Number(event.target.value) })
          }
          disabled={blocked || options === undefined}
          error={Boolean(place.error) && place.mode === 'select'}
          helperText={place.mode === 'select' ? place.error : undefined}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{translate(emptyOption)}</option>
          {options?.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </TextField>
      )}
      {place.error && options === undefined && (
        <Button onClick={form.retry} sx={{ flexShrink: 0, mt: '2px' }}>
          {translate('stock.form.retry')}
        </Button>
      )}
      {manages && (
        <>
          <ToolButton
            label={translate(`stock.${level}.new`)}
            icon={<AddIcon />}
            disabled={blocked || busy}
            onClick={() => setMode('create')}
          />
          <ToolButton
            label={translate(`stock.${level}.rename`)}
            icon={<EditIcon />}
            disabled={!selectedName || busy}
            onClick={() => setMode('rename')}
          />
          <ToolButton
            label={translate(`stock.${level}.delete`)}
            icon={<DeleteIcon />}
            disabled={!selectedName || busy}
            onClick={() => setMode('delete')}
            apart
          />
        </>
      )}
      <Confirm
        isOpen={place.mode === 'delete'}
        loading={busy}
        title={`stock.${level}.delete_title`}
        titleTranslateOptions={{ name: selectedName }}
        content={
          <Box>
            {confirmLines.map((line) => (
              <DialogContentText key={line}>{translate(line)}</DialogContentText>
            ))}
            {place.error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {place.error}
              </Alert>
            )}
          </Box>
        }
        confirm="terms.remove"
        confirmColor="warning"
        cancel="terms.cancel"
        onConfirm={() => void remove()}
        onClose={() => setMode('select')}
      />
    </Stack>
  )
}
