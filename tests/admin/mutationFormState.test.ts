import { describe, expect, it } from 'vitest'
import {
  canSave,
  canSubmit,
  initialMutationFormState,
  isLargeAmount,
  mutationFormReducer,
  mutationPayload,
  parseAmount,
  type MutationFormEvent,
  type MutationFormState,
} from '../../src/admin/common/mutationFormState'

const rotterdam = { id: 1, warehouse_name: 'Rotterdam' }
const amsterdam = { id: 2, warehouse_name: 'Amsterdam' }
const a1 = { id: 11, location_name: 'A-1', warehouse_id: 1 }
const a2 = { id: 12, location_name: 'A-2', warehouse_id: 1 }
const a10 = { id: 13, location_name: 'A-10', warehouse_id: 1 }

const run = (...events: MutationFormEvent[]) => events.reduce(mutationFormReducer, initialMutationFormState)
const withWarehouses = (...warehouses: (typeof rotterdam)[]) => run({ type: 'warehousesLoaded', warehouses })
const at = (state: MutationFormState, ...events: MutationFormEvent[]) => events.reduce(mutationFormReducer, state)
/** Rotterdam chosen, its locations loaded, A-1 chosen. */
const placed = () =>
  at(
    withWarehouses(rotterdam, amsterdam),
    { type: 'warehouseSelected', id: 1 },
    { type: 'locationsLoaded', warehouseId: 1, locations: [a1, a2] },
    { type: 'locationSelected', id: 11 },
  )

describe('warehouses', () => {
  it('opens the create-warehouse input by itself when there are no warehouses', () => {
    const state = withWarehouses()
    expect(state.warehouse).toMatchObject({ items: [], mode: 'create', selectedId: null })
  })

  it('keeps the create input open when there is nothing to go back to', () => {
    const state = at(withWarehouses(), { type: 'modeChanged', level: 'warehouse', mode: 'select' })
    expect(state.warehouse.mode).toBe('create')
  })

  it('lists warehouses by name and lets the clerk choose when there are several', () => {
    const state = withWarehouses(rotterdam, amsterdam)
    expect(state.warehouse.items?.map((w) => w.warehouse_name)).toEqual(['Amsterdam', 'Rotterdam'])
    expect(state.warehouse).toMatchObject({ mode: 'select', selectedId: null })
  })

  it('chooses the only warehouse', () => {
    expect(withWarehouses(rotterdam).warehouse.selectedId).toBe(1)
  })

  it('creating a warehouse needs a name and selects the new one, whose location input opens', () => {
    let state = at(withWarehouses(rotterdam, amsterdam), { type: 'modeChanged', level: 'warehouse', mode: 'create' })
    expect(state.warehouse.mode).toBe('create')
    expect(canSave(state, 'warehouse')).toBe(false)
    state = at(state, { type: 'draftChanged', level: 'warehouse', draft: '   ' })
    expect(canSave(state, 'warehouse')).toBe(false)
    state = at(state, { type: 'draftChanged', level: 'warehouse', draft: 'Breda' })
    expect(canSave(state, 'warehouse')).toBe(true)
    state = at(state, { type: 'warehouseSaved', warehouse: { id: 3, warehouse_name: 'Breda' } })
    expect(state.warehouse).toMatchObject({ mode: 'select', selectedId: 3, draft: '' })
    expect(state.warehouse.items?.map((w) => w.warehouse_name)).toEqual(['Amsterdam', 'Breda', 'Rotterdam'])
    // the clerk goes on to the location: its input takes the cursor
    expect(state.location).toMatchObject({ items: [], mode: 'create', selectedId: null, openedByItself: false })
  })

  it('cancelling create goes back to choosing', () => {
    const state = at(
      withWarehouses(rotterdam, amsterdam),
      { type: 'modeChanged', level: 'warehouse', mode: 'create' },
      { type: 'draftChanged', level: 'warehouse', draft: 'Breda' },
      { type: 'modeChanged', level: 'warehouse', mode: 'select' },
    )
    expect(state.warehouse).toMatchObject({ mode: 'select', draft: '' })
  })

  it('renaming starts from the current name, saves only with a name, and keeps the selection', () => {
    let state = at(placed(), { type: 'modeChanged', level: 'warehouse', mode: 'rename' })
    expect(state.warehouse).toMatchObject({ mode: 'rename', draft: 'Rotterdam' })
    state = at(state, { type: 'draftChanged', level: 'warehouse', draft: '' })
    expect(canSave(state, 'warehouse')).toBe(false)
    state = at(state, { type: 'draftChanged', level: 'warehouse', draft: 'Zwolle' })
    expect(canSave(state, 'warehouse')).toBe(true)
    state = at(state, { type: 'warehouseSaved', warehouse: { id: 1, warehouse_name: 'Zwolle' } })
    expect(state.warehouse).toMatchObject({ mode: 'select', selectedId: 1 })
    expect(state.warehouse.items?.map((w) => w.warehouse_name)).toEqual(['Amsterdam', 'Zwolle'])
    // the locations and the chosen one stay
    expect(state.location).toMatchObject({ selectedId: 11, items: [a1, a2] })
  })

  it('rename and delete need a chosen warehouse', () => {
    const state = withWarehouses(rotterdam, amsterdam)
    expect(at(state, { type: 'modeChanged', level: 'warehouse', mode: 'rename' }).warehouse.mode).toBe('select')
    expect(at(state, { type: 'modeChanged', level: 'warehouse', mode: 'delete' }).warehouse.mode).toBe('select')
  })

  it('a refused deletion keeps the confirmation open with the reason; closing it clears the reason', () => {
    let state = at(placed(), { type: 'modeChanged', level: 'warehouse', mode: 'delete' })
    expect(state.warehouse.mode).toBe('delete')
    state = at(state, { type: 'failed', level: 'warehouse', message: 'Warehouse "Rotterdam" has 2 stock mutations' })
    expect(state.warehouse).toMatchObject({ mode: 'delete', error: 'Warehouse "Rotterdam" has 2 stock mutations' })
    state = at(state, { type: 'modeChanged', level: 'warehouse', mode: 'select' })
    expect(state.warehouse).toMatchObject({ mode: 'select', error: undefined, selectedId: 1 })
  })

  it('deleting the chosen warehouse clears warehouse and location', () => {
    const state = at(placed(), { type: 'modeChanged', level: 'warehouse', mode: 'delete' }, { type: 'warehouseDeleted', id: 1 })
    expect(state.warehouse).toMatchObject({ mode: 'select', selectedId: null, items: [amsterdam] })
    expect(state.location).toMatchObject({ items: undefined, selectedId: null })
    expect(canSubmit(at(state, { type: 'amountChanged', amount: '5' }))).toBe(false)
  })

  it('deleting the last warehouse opens the create input', () => {
    const state = at(withWarehouses(rotterdam), { type: 'warehouseDeleted', id: 1 })
    expect(state.warehouse).toMatchObject({ items: [], mode: 'create' })
  })
})

describe('locations', () => {
  it('choosing a warehouse forgets the previous location and waits for the new list', () => {
    const state = at(placed(), { type: 'warehouseSelected', id: 2 })
    expect(state.warehouse.selectedId).toBe(2)
    expect(state.location).toMatchObject({ items: undefined, selectedId: null, mode: 'select' })
  })

  it('selects the only location', () => {
    const state = at(
      withWarehouses(rotterdam, amsterdam),
      { type: 'warehouseSelected', id: 1 },
      { type: 'locationsLoaded', warehouseId: 1, locations: [a1] },
    )
    expect(state.location).toMatchObject({ selectedId: 11, mode: 'select' })
  })

  it('opens create-location when the warehouse has none', () => {
    const state = at(
      withWarehouses(rotterdam, amsterdam),
      { type: 'warehouseSelected', id: 2 },
      { type: 'locationsLoaded', warehouseId: 2, locations: [] },
    )
    // it opened by itself: it must not take the cursor away from the warehouse select
    expect(state.location).toMatchObject({ items: [], mode: 'create', selectedId: null, openedByItself: true })
    expect(at(state, { type: 'modeChanged', level: 'location', mode: 'create' }).location.openedByItself).toBe(false)
  })

  it('lets the clerk choose among several, sorted as people sort', () => {
    const state = at(withWarehouses(rotterdam), { type: 'locationsLoaded', warehouseId: 1, locations: [a10, a2, a1] })
    expect(state.location.selectedId).toBeNull()
    expect(state.location.items?.map((l) => l.location_name)).toEqual(['A-1', 'A-2', 'A-10'])
  })

  it('ignores the locations of a warehouse that is no longer chosen', () => {
    const state = at(
      withWarehouses(rotterdam, amsterdam),
      { type: 'warehouseSelected', id: 1 },
      { type: 'warehouseSelected', id: 2 },
      { type: 'locationsLoaded', warehouseId: 1, locations: [a1] },
    )
    expect(state.location).toMatchObject({ items: undefined, selectedId: null })
  })

  it('creating a location needs a name and a chosen warehouse, and selects the new one', () => {
    expect(at(withWarehouses(rotterdam, amsterdam), { type: 'modeChanged', level: 'location', mode: 'create' }).location.mode).toBe(
      'select',
    )
    let state = at(placed(), { type: 'modeChanged', level: 'location', mode: 'create' })
    expect(canSave(state, 'location')).toBe(false)
    state = at(state, { type: 'draftChanged', level: 'location', draft: 'B-1' })
    expect(canSave(state, 'location')).toBe(true)
    state = at(state, { type: 'locationSaved', location: { id: 14, location_name: 'B-1', warehouse_id: 1 } })
    expect(state.location).toMatchObject({ mode: 'select', selectedId: 14, draft: '' })
    expect(state.location.items?.map((l) => l.location_name)).toEqual(['A-1', 'A-2', 'B-1'])
  })

  it('renames the chosen location', () => {
    let state = at(placed(), { type: 'modeChanged', level: 'location', mode: 'rename' })
    expect(state.location).toMatchObject({ mode: 'rename', draft: 'A-1' })
    state = at(state, { type: 'draftChanged', level: 'location', draft: ' ' })
    expect(canSave(state, 'location')).toBe(false)
    state = at(
      state,
      { type: 'draftChanged', level: 'location', draft: 'Z-9' },
      { type: 'locationSaved', location: { ...a1, location_name: 'Z-9' } },
    )
    expect(state.location).toMatchObject({ mode: 'select', selectedId: 11 })
    expect(state.location.items?.map((l) => l.location_name)).toEqual(['A-2', 'Z-9'])
  })

  it('deleting the chosen location clears it; deleting the last one opens create', () => {
    let state = at(placed(), { type: 'modeChanged', level: 'location', mode: 'delete' }, { type: 'locationDeleted', id: 11 })
    expect(state.location).toMatchObject({ mode: 'select', selectedId: null, items: [a2] })
    state = at(state, { type: 'locationDeleted', id: 12 })
    expect(state.location).toMatchObject({ mode: 'create', items: [] })
  })

  it('a failed call is kept as the reason on its level until the next change', () => {
    let state = at(
      placed(),
      { type: 'modeChanged', level: 'location', mode: 'create' },
      { type: 'draftChanged', level: 'location', draft: 'A-1' },
    )
    state = at(state, { type: 'failed', level: 'location', message: '"A-1" already exists.' })
    expect(state.location).toMatchObject({ mode: 'create', draft: 'A-1', error: '"A-1" already exists.' })
    expect(state.warehouse.error).toBeUndefined()
    state = at(state, { type: 'draftChanged', level: 'location', draft: 'A-3' })
    expect(state.location.error).toBeUndefined()
  })
})

describe('amount, note and Submit', () => {
  it('enables Submit only with amount, warehouse and location', () => {
    const amount = { type: 'amountChanged', amount: '10' } as const
    expect(canSubmit(run(amount))).toBe(false)
    expect(canSubmit(at(withWarehouses(rotterdam, amsterdam), { type: 'warehouseSelected', id: 1 }, amount))).toBe(false)
    expect(canSubmit(placed())).toBe(false)
    expect(canSubmit(at(placed(), amount))).toBe(true)
    expect(canSubmit(at(placed(), amount, { type: 'locationSelected', id: null }))).toBe(false)
  })

  it('takes whole amounts above 0 up to the limit; the direction gives the sign', () => {
    expect(['10', ' 4 ', '1000000000'].map(parseAmount)).toEqual([10, 4, 1_000_000_000])
    expect(['', '0', '-3', '1.5', 'abc', '1e3', '1000000001'].map(parseAmount)).toEqual([null, null, null, null, null, null, null])
    expect(canSubmit(at(placed(), { type: 'amountChanged', amount: '0' }))).toBe(false)
  })

  it('books out with Book out, the amount typed without a sign', () => {
    const out = at(placed(), { type: 'directionChanged', direction: 'out' }, { type: 'amountChanged', amount: '3' })
    expect(mutationPayload(out)?.amount).toBe(-3)
    expect(mutationPayload(at(out, { type: 'directionChanged', direction: 'in' }))?.amount).toBe(3)
  })

  it('a sign typed on a keyboard chooses the direction and leaves the amount unsigned', () => {
    const minus = at(placed(), { type: 'amountChanged', amount: '-3' })
    expect(minus).toMatchObject({ direction: 'out', amount: '3' })
    expect(mutationPayload(minus)?.amount).toBe(-3)
    expect(at(minus, { type: 'amountChanged', amount: '+7' })).toMatchObject({ direction: 'in', amount: '7' })
    // without a sign the chosen direction stays
    expect(at(minus, { type: 'amountChanged', amount: '35' })).toMatchObject({ direction: 'out', amount: '35' })
  })

  it('builds the payload with a trimmed note, null when empty, and the reason when one is chosen', () => {
    const state = at(placed(), { type: 'amountChanged', amount: '-3' }, { type: 'noteChanged', note: '  broken box ' })
    expect(mutationPayload(state)).toEqual({ amount: -3, note: 'broken box', warehouse_id: 1, location_id: 11 })
    expect(mutationPayload(at(state, { type: 'noteChanged', note: '   ' }))?.note).toBeNull()
    expect(mutationPayload(at(state, { type: 'reasonChanged', reason: 'damaged' }))).toMatchObject({ amount: -3, reason: 'damaged' })
  })

  it('after booking clears amount, reason and note, and keeps the place and the direction for the next booking', () => {
    const state = at(
      placed(),
      { type: 'directionChanged', direction: 'out' },
      { type: 'amountChanged', amount: '5' },
      { type: 'reasonChanged', reason: 'sample' },
      { type: 'noteChanged', note: 'x' },
      { type: 'booked' },
    )
    expect(state).toMatchObject({ amount: '', reason: '', note: '', direction: 'out' })
    expect(state.warehouse.selectedId).toBe(1)
    expect(state.location.selectedId).toBe(11)
  })

  it('a reload of the warehouses keeps the chosen place while it exists', () => {
    const state = at(placed(), { type: 'warehousesLoaded', warehouses: [amsterdam, rotterdam] })
    expect(state.warehouse.selectedId).toBe(1)
    expect(state.location.selectedId).toBe(11)
    const gone = at(placed(), { type: 'warehousesLoaded', warehouses: [amsterdam] })
    expect(gone.warehouse.selectedId).toBe(2)
    expect(gone.location).toMatchObject({ items: undefined, selectedId: null })
  })
})

describe('an amount large enough to ask about first', () => {
  it('is over 100 and over ten times the location level, in or out alike', () => {
    expect([101, -101, 469, -500].map((amount) => isLargeAmount(amount, 0))).toEqual([true, true, true, true])
    expect([100, -100, 1, -3].map((amount) => isLargeAmount(amount, 0))).toEqual([false, false, false, false])
    // a location holding 13: up to 130 is booked without a question
    expect([130, -130, 131, -131].map((amount) => isLargeAmount(amount, 13))).toEqual([false, false, true, true])
    // a location holding 1,000: 5,000 in is plausible, 10,001 out is not
    expect([5_000, -10_000, 10_001, -10_001].map((amount) => isLargeAmount(amount, 1_000))).toEqual([false, false, true, true])
    // below zero only the bound of 100 counts
    expect([100, 101].map((amount) => isLargeAmount(amount, -18))).toEqual([false, true])
  })
})

describe('a scanned location code', () => {
  it('chooses a location of the chosen warehouse at once', () => {
    const state = at(placed(), { type: 'placeScanned', warehouseId: 1, locationId: 12 })
    expect(state.warehouse.selectedId).toBe(1)
    expect(state.location).toMatchObject({ selectedId: 12, items: [a1, a2], mode: 'select' })
  })

  it("chooses another warehouse and keeps the location as the choice while that warehouse's locations load", () => {
    const scanned = at(placed(), { type: 'placeScanned', warehouseId: 2, locationId: 21 })
    expect(scanned.warehouse.selectedId).toBe(2)
    expect(scanned.location).toMatchObject({ selectedId: 21, items: undefined })
    const b1 = { id: 21, location_name: 'B-1', warehouse_id: 2 }
    const b2 = { id: 22, location_name: 'B-2', warehouse_id: 2 }
    const loaded = at(scanned, { type: 'locationsLoaded', warehouseId: 2, locations: [b2, b1] })
    expect(loaded.location.selectedId).toBe(21)
    expect(mutationPayload(at(loaded, { type: 'amountChanged', amount: '4' }))).toEqual({
      amount: 4,
      note: null,
      warehouse_id: 2,
      location_id: 21,
    })
  })

  it('scanned before the warehouses have loaded, is chosen once they are', () => {
    const b1 = { id: 21, location_name: 'B-1', warehouse_id: 2 }
    const early = run({ type: 'placeScanned', warehouseId: 2, locationId: 21 })
    const loaded = at(
      early,
      { type: 'warehousesLoaded', warehouses: [rotterdam, amsterdam] },
      { type: 'locationsLoaded', warehouseId: 2, locations: [b1] },
    )
    expect([loaded.warehouse.selectedId, loaded.location.selectedId]).toEqual([2, 21])
  })

  it('leaves a rename half-typed alone no more: the scan wins; an unknown warehouse changes nothing', () => {
    const renaming = at(placed(), { type: 'modeChanged', level: 'location', mode: 'rename' })
    expect(at(renaming, { type: 'placeScanned', warehouseId: 1, locationId: 12 }).location).toMatchObject({
      mode: 'select',
      selectedId: 12,
    })
    const before = placed()
    expect(at(before, { type: 'placeScanned', warehouseId: 99, locationId: 5 })).toBe(before)
  })
})
