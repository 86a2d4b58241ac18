// The stock mutation form of SPEC §4 as a pure state machine: which warehouse and location are chosen, what the
// clerk is doing with each (select, create, rename, delete), and the amount and note to book. No React, no I/O:
// the components run the calls and report their outcome as events.
import type { Location, StockMutationCreate, Warehouse } from '../../contract'

export type PlaceMode = 'select' | 'create' | 'rename' | 'delete'
export type Level = 'warehouse' | 'location'
export type WarehouseOption = Pick<Warehouse, 'id' | 'warehouse_name'>
export type LocationOption = Pick<Location, 'id' | 'location_name' | 'warehouse_id'> & Partial<Pick<Location, 'code'>>

interface PlaceState<T> {
  /** undefined while loading (or, for locations, while no warehouse is chosen) */
  items: T[] | undefined
  selectedId: number | null
  mode: PlaceMode
  /** the name typed in create or rename mode */
  draft: string
  /** the create input opened because there was nothing to choose from, not because the clerk asked for it */
  openedByItself: boolean
  /** why the last call for this level failed */
  error?: string
}

/** Book in adds the amount, Book out takes it away: the clerk types it without a sign */
export type Direction = 'in' | 'out'

export interface MutationFormState {
  warehouse: PlaceState<WarehouseOption>
  location: PlaceState<LocationOption>
  direction: Direction
  /** how many, as typed: digits only (a typed sign chooses the direction) */
  amount: string
  /** a booking reason's code, '' for none */
  reason: string
  note: string
}

export type MutationFormEvent =
  | { type: 'warehousesLoaded'; warehouses: WarehouseOption[] }
  | { type: 'warehouseSelected'; id: number | null }
  | { type: 'locationsLoaded'; warehouseId: number; locations: LocationOption[] }
  | { type: 'locationSelected'; id: number | null }
  /** a scanned location code: its warehouse and the location, chosen together */
  | { type: 'placeScanned'; warehouseId: number; locationId: number }
  | { type: 'modeChanged'; level: Level; mode: PlaceMode }
  | { type: 'draftChanged'; level: Level; draft: string }
  | { type: 'warehouseSaved'; warehouse: WarehouseOption }
  | { type: 'locationSaved'; location: LocationOption }
  | { type: 'warehouseDeleted'; id: number }
  | { type: 'locationDeleted'; id: number }
  | { type: 'failed'; level: Level; message: string }
  | { type: 'amountChanged'; amount: string }
  | { type: 'directionChanged'; direction: Direction }
  | { type: 'reasonChanged'; reason: string }
  | { type: 'noteChanged'; note: string }
  | { type: 'booked' }

const emptyPlace = <T>(): PlaceState<T> => ({ items: undefined, selectedId: null, mode: 'select', draft: '', openedByItself: false })

export const initialMutationFormState: MutationFormState = {
  warehouse: emptyPlace(),
  location: emptyPlace(),
  direction: 'in',
  amount: '',
  reason: '',
  note: '',
}

/** Names as a person sorts them: case-insensitive, "Shelf 2" before "Shelf 10". */
export const compareNames = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })
const sortWarehouses = (items: WarehouseOption[]) => [...items].sort((a, b) => compareNames(a.warehouse_name, b.warehouse_name))
const sortLocations = (items: LocationOption[]) => [...items].sort((a, b) => compareNames(a.location_name, b.location_name))

/** A loaded list decides the selection: the kept one if still there, else the only one, else none. */
function afterLoad<T extends { id: number }>(place: PlaceState<T>, items: T[]): PlaceState<T> {
  const kept = items.some((item) => item.id === place.selectedId) ? place.selectedId : null
  const selectedId = kept ?? (items.length === 1 ? items[0].id : null)
  const busy = place.mode !== 'select' && place.mode !== 'create'
  // nothing to choose from: the create input opens by itself (SPEC §4)
  const mode: PlaceMode = items.length === 0 ? 'create' : busy && selectedId !== place.selectedId ? 'select' : place.mode
  const openedByItself = (items.length === 0 && place.mode !== 'create') || (mode === place.mode && place.openedByItself)
  return { ...place, items, selectedId, mode, openedByItself, draft: mode === place.mode ? place.draft : '', error: undefined }
}

function selectWarehouse(state: MutationFormState, id: number | null): MutationFormState {
  if (id === state.warehouse.selectedId) return state
  return {
    ...state,
    warehouse: { ...state.warehouse, selectedId: id, error: undefined },
    // the locations of a newly chosen warehouse are unknown until loaded
    location: emptyPlace(),
  }
}

function changeMode<T extends { id: number }>(place: PlaceState<T>, mode: PlaceMode, nameOf: (item: T) => string): PlaceState<T> {
  const selected = place.items?.find((item) => item.id === place.selectedId)
  if ((mode === 'rename' || mode === 'delete') && !selected) return place
  // with nothing to choose from, the create input stays open
  if (mode === 'select' && place.items?.length === 0) return { ...place, mode: 'create', draft: '', error: undefined }
  return { ...place, mode, openedByItself: false, draft: mode === 'rename' ? nameOf(selected!) : '', error: undefined }
}

/** A saved item: a known id was renamed, a new id was created and becomes the selection. */
function saved<T extends { id: number }>(place: PlaceState<T>, item: T, sort: (items: T[]) => T[]) {
  const items = place.items ?? []
  const known = items.some((existing) => existing.id === item.id)
  return {
    created: !known,
    place: {
      ...place,
      items: sort(known ? items.map((existing) => (existing.id === item.id ? item : existing)) : [...items, item]),
      selectedId: known ? place.selectedId : item.id,
      mode: 'select' as const,
      openedByItself: false,
      draft: '',
      error: undefined,
    },
  }
}

function deleted<T extends { id: number }>(place: PlaceState<T>, id: number): PlaceState<T> {
  const items = (place.items ?? []).filter((item) => item.id !== id)
  const selectedId = place.selectedId === id ? null : place.selectedId
  const mode = items.length === 0 ? 'create' : 'select'
  return { ...place, items, selectedId, mode, openedByItself: mode === 'create', draft: '', error: undefined }
}

/** Changes fields that both levels share (draft, error). */
const patchLevel = (
  state: MutationFormState,
  level: Level,
  patch: Partial<Pick<PlaceState<never>, 'draft' | 'error'>>,
): MutationFormState => ({ ...state, [level]: { ...state[level], ...patch } })

export function mutationFormReducer(state: MutationFormState, event: MutationFormEvent): MutationFormState {
  switch (event.type) {
    case 'warehousesLoaded': {
      const warehouse = afterLoad(state.warehouse, sortWarehouses(event.warehouses))
      const next = { ...state, warehouse }
      return warehouse.selectedId === state.warehouse.selectedId ? next : { ...next, location: emptyPlace() }
    }
    case 'warehouseSelected':
      return selectWarehouse(state, event.id)
    case 'locationsLoaded':
      // an answer for a warehouse that is no longer chosen is stale
      if (event.warehouseId !== state.warehouse.selectedId) return state
      return { ...state, location: afterLoad(state.location, sortLocations(event.locations)) }
    case 'locationSelected':
      return { ...state, location: { ...state.location, selectedId: event.id, error: undefined } }
    case 'placeScanned': {
      // before the warehouses have loaded the choice is kept, and stays if the warehouse is among them
      if (state.warehouse.items && !state.warehouse.items.some((w) => w.id === event.warehouseId)) return state
      const warehouse = { ...state.warehouse, selectedId: event.warehouseId, mode: 'select' as const, draft: '', error: undefined }
      const known = state.warehouse.selectedId === event.warehouseId && state.location.items?.some((l) => l.id === event.locationId)
      // a location not among those loaded (another warehouse, or new) is kept as the choice while they load
      const location = known
        ? { ...state.location, selectedId: event.locationId, mode: 'select' as const, draft: '', error: undefined }
        : { ...emptyPlace<LocationOption>(), selectedId: event.locationId }
      return { ...state, warehouse, location }
    }
    case 'modeChanged':
      if (event.level === 'location' && state.warehouse.selectedId === null) return state
      return event.level === 'warehouse'
        ? { ...state, warehouse: changeMode(state.warehouse, event.mode, (w) => w.warehouse_name) }
        : { ...state, location: changeMode(state.location, event.mode, (l) => l.location_name) }
    case 'draftChanged':
      return patchLevel(state, event.level, { draft: event.draft, error: undefined })
    case 'warehouseSaved': {
      const { created, place } = saved(state.warehouse, event.warehouse, sortWarehouses)
      if (!created) return { ...state, warehouse: place }
      // a new warehouse has no locations yet: creating one is the next step
      return { ...state, warehouse: place, location: { ...emptyPlace<LocationOption>(), items: [], mode: 'create' } }
    }
    case 'locationSaved':
      if (event.location.warehouse_id !== state.warehouse.selectedId) return state
      return { ...state, location: saved(state.location, event.location, sortLocations).place }
    case 'warehouseDeleted': {
      const warehouse = deleted(state.warehouse, event.id)
      return warehouse.selectedId === state.warehouse.selectedId ? { ...state, warehouse } : { ...state, warehouse, location: emptyPlace() }
    }
    case 'locationDeleted':
      return { ...state, location: deleted(state.location, event.id) }
    case 'failed':
      return patchLevel(state, event.level, { error: event.message })
    case 'amountChanged': {
      // a sign typed on a keyboard chooses the direction (a phone's numeric keypad has none); the amount stays unsigned
      const sign = /^\s*([+-])/.exec(event.amount)?.[1]
      const direction = sign === '-' ? 'out' : sign === '+' ? 'in' : state.direction
      return { ...state, direction, amount: sign ? event.amount.replace(/^\s*[+-]/, '') : event.amount }
    }
    case 'directionChanged':
      return { ...state, direction: event.direction }
    case 'reasonChanged':
      return { ...state, reason: event.reason }
    case 'noteChanged':
      return { ...state, note: event.note }
    case 'booked':
      // the direction stays (a run of picks books out one after another); what was said of this booking clears
      return { ...state, amount: '', reason: '', note: '' }
  }
}

/** +10, -3: an amount with its direction. */
export const signed = (amount: number) => (amount > 0 ? `+${amount}` : String(amount))

/** The most one booking moves, in or out (the server's limit). */
export const MAX_AMOUNT = 1_000_000_000

/** A bookable amount as typed: a whole number above 0, within the server's limit (the direction gives its sign). */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return null
  const amount = Number(trimmed)
  return amount !== 0 && amount <= MAX_AMOUNT ? amount : null
}

/** An amount the clerk is asked about before it is booked: over 100 and over ten times what the location holds. */
export const LARGE_AMOUNT = { over: 100, timesLevel: 10 }

/** True for an amount (in or out alike) that is more likely a scanned code or a slip than a count of things. */
export function isLargeAmount(amount: number, levelAtLocation: number): boolean {
  const size = Math.abs(amount)
  // a location below zero has no level to compare with: the bound of 100 alone applies
  return size > LARGE_AMOUNT.over && size > LARGE_AMOUNT.timesLevel * Math.max(levelAtLocation, 0)
}

export const selectedWarehouse = (state: MutationFormState) => state.warehouse.items?.find((w) => w.id === state.warehouse.selectedId)
export const selectedLocation = (state: MutationFormState) => state.location.items?.find((l) => l.id === state.location.selectedId)

/** Create and rename save only with a name; a location is created only inside a chosen warehouse (SPEC §5). */
export function canSave(state: MutationFormState, level: Level): boolean {
  const place = state[level]
  if (place.draft.trim() === '') return false
  if (place.mode === 'create') return level === 'warehouse' || state.warehouse.selectedId !== null
  return place.mode === 'rename'
}

/** SPEC §5: Submit is disabled until amount, warehouse and location are all chosen. */
export const canSubmit = (state: MutationFormState) => mutationPayload(state) !== null

export function mutationPayload(state: MutationFormState): Omit<StockMutationCreate, 'product_id'> | null {
  const amount = parseAmount(state.amount)
  const warehouse = selectedWarehouse(state)
  const location = selectedLocation(state)
  if (amount === null || !warehouse || !location) return null
  const note = state.note.trim()
  return {
    amount: state.direction === 'out' ? -amount : amount,
    note: note === '' ? null : note,
    ...(state.reason === '' ? {} : { reason: state.reason }),
    warehouse_id: warehouse.id,
    location_id: location.id,
  }
}
