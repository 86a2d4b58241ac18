// Pick an item of a list, or create a new one by name (SPEC §4): the brand, supplier and seller pickers.
// Select mode is a searchable select (the server searches by name) with a clear button; create-new mode takes
// a name, saves it and selects the new item at once.
import { useEffect, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router-dom'
import { Autocomplete, Box, Button, IconButton, TextField, Tooltip } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import OpenInNewIcon from '@mui/icons-material/OpenInNew'
import { useCreate, useGetList, useGetOne, useInput, type Identifier, type RaRecord } from 'ra-core'
import { useTranslate } from './translate'

export type PickerKind = 'brand' | 'supplier' | 'seller'

/** What a picker lists, how its records are named, where one is read and where a new one is saved. */
export interface PickerSource {
  kind: PickerKind
  /** the list to pick from */
  resource: string
  /** the name of a record, and the only field of a new one */
  nameField: string
  /** where a single record is read by id (suppliers and sellers are organizations) */
  recordResource: string
  /** where a new item is POSTed; `sellers` saves an organization with is_seller true */
  createResource: string
}

export const BRAND_PICKER: PickerSource = {
  kind: 'brand',
  resource: 'brands',
  nameField: 'brand_name',
  recordResource: 'brands',
  createResource: 'brands',
}
export const SUPPLIER_PICKER: PickerSource = {
  kind: 'supplier',
  resource: 'suppliers',
  nameField: 'org_name',
  recordResource: 'orgs',
  createResource: 'suppliers',
}
export const SELLER_PICKER: PickerSource = {
  kind: 'seller',
  resource: 'sellers',
  nameField: 'org_name',
  recordResource: 'orgs',
  createResource: 'sellers',
}

export interface PickOrCreateProps extends PickerSource {
  value: Identifier | null | undefined
  onChange: (value: Identifier | null, record?: RaRecord) => void
  label: string
  /** a link to /orgs/{id} of the selected organization */
  linkToOrganization?: boolean
  /** an error of the surrounding form for this field */
  error?: string
  disabled?: boolean
}

const OPTIONS_PER_SEARCH = 100
const SEARCH_DELAY_MS = 250

export function PickOrCreate(props: PickOrCreateProps) {
  const [creating, setCreating] = useState(false)
  const [picked, setPicked] = useState<RaRecord | null>(null)
  const choose = (record: RaRecord | null) => {
    setPicked(record)
    props.onChange(record?.id ?? null, record ?? undefined)
  }
  return creating ? (
    <CreateMode
      {...props}
      onDone={(created) => {
        if (created) choose(created)
        setCreating(false)
      }}
    />
  ) : (
    <SelectMode {...props} picked={picked} onPick={choose} onCreateMode={() => setCreating(true)} />
  )
}

function SelectMode({
  kind,
  resource,
  nameField,
  recordResource,
  value,
  label,
  linkToOrganization,
  error,
  disabled,
  picked,
  onPick,
  onCreateMode,
}: PickOrCreateProps & { picked: RaRecord | null; onPick: (record: RaRecord | null) => void; onCreateMode: () => void }) {
  const translate = useTranslate()
  const [search, setSearch] = useState('')
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS)
  const {
    data: options = [],
    isFetching,
    error: listError,
  } = useGetList<RaRecord>(resource, {
    pagination: { page: 1, perPage: OPTIONS_PER_SEARCH },
    sort: { field: nameField, order: 'ASC' },
    filter: query ? { q: query } : {},
  })
  const hasValue = value !== null && value !== undefined && value !== ''
  const listed = hasValue ? options.find((option) => option.id === value) : undefined
  const known = listed ?? (picked && picked.id === value ? picked : undefined)
  const { data: fetched } = useGetOne<RaRecord>(recordResource, { id: value as Identifier }, { enabled: hasValue && !known })
  const selected = hasValue ? (known ?? fetched ?? null) : null
  const choices = selected && !listed ? [selected, ...options] : options
  const problem = error ?? listError?.message

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      <Autocomplete
        sx={{ flex: 1, minWidth: 200, '& .MuiAutocomplete-clearIndicator': { visibility: 'visible' } }}
        size="small"
        disabled={disabled}
        options={choices}
        value={selected}
        loading={isFetching}
        filterOptions={(all) => all}
        getOptionLabel={(option) => String(option[nameField] ?? '')}
        isOptionEqualToValue={(option, other) => option.id === other.id}
        onChange={(_, option) => onPick(option)}
        onInputChange={(_, text, reason) => setSearch(reason === 'input' ? text : '')}
        clearText={translate('pickers.clear')}
        openText={translate('terms.open')}
        closeText={translate('terms.close')}
        noOptionsText={translate('pickers.no_options')}
        loadingText={translate('terms.loading')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            placeholder={translate(`pickers.${kind}.placeholder`)}
            // the label stays above the field, so the placeholder shows before the field is focused
            slotProps={{ inputLabel: { ...params.InputLabelProps, shrink: true } }}
            error={Boolean(problem)}
            helperText={problem}
          />
        )}
      />
      {linkToOrganization && selected && (
        <Tooltip title={translate('pickers.open_organization', { name: String(selected[nameField]) })}>
          <IconButton
            component={Link}
            to={`/orgs/${selected.id}`}
            aria-label={translate('pickers.open_organization', { name: String(selected[nameField]) })}
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={translate(`pickers.${kind}.create_new`)}>
        <span>
          <IconButton disabled={disabled} onClick={onCreateMode} aria-label={translate(`pickers.${kind}.create_new`)}>
            <AddIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  )
}

function CreateMode({ kind, nameField, createResource, label, onDone }: PickOrCreateProps & { onDone: (created?: RaRecord) => void }) {
  const translate = useTranslate()
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string>()
  const [create, { isPending }] = useCreate(undefined, undefined, { returnPromise: true })
  const canSave = name.trim() !== '' && !isPending

  const save = async () => {
    if (!canSave) return
    setProblem(undefined)
    try {
      onDone((await create(createResource, { data: { [nameField]: name.trim() } })) as RaRecord)
    } catch (failure) {
      setProblem((failure as Error).message)
    }
  }
  // Enter and Escape stay inside the picker: it often sits in a larger form
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      void save()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onDone()
    }
  }

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <TextField
        sx={{ flex: 1, minWidth: 200 }}
        size="small"
        autoFocus
        label={`${label}: ${translate(`pickers.${kind}.new_name`)}`}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={onKeyDown}
        error={Boolean(problem)}
        helperText={problem}
      />
      <Button variant="contained" onClick={() => void save()} disabled={!canSave}>
        {translate('terms.save')}
      </Button>
      <Button onClick={() => onDone()}>{translate('terms.cancel')}</Button>
    </Box>
  )
}

/** The value once it has stopped changing for `delay` ms (a search per pause in typing, not per key). */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

/** The picker as a react-admin form input: the form holds the id. */
export function PickOrCreateInput({ source, ...picker }: Omit<PickOrCreateProps, 'value' | 'onChange' | 'error'> & { source: string }) {
  const orNull = (value: Identifier | null | undefined) => value ?? null
  const { field, fieldState } = useInput({ source, format: orNull, parse: orNull })
  return (
    <PickOrCreate
      {...picker}
      value={field.value as Identifier | null}
      onChange={(id) => field.onChange(id)}
      error={fieldState.error?.message}
    />
  )
}
