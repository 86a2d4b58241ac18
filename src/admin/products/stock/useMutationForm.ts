// The calls behind the stock mutation form: loads warehouses and the chosen warehouse's locations, creates,
// renames and deletes them, and books the mutation. Every outcome goes to the pure reducer as an event.
import { useCallback, useEffect, useReducer, useState } from 'react'
import { HttpError, useDataProvider, type Identifier } from 'ra-core'
import { MAX_LIST_LIMIT } from '../../../contract/constants'
import type { Approval, StockMutation } from '../../../contract'
import { isApproval } from '../../common/isApproval'
import {
  initialMutationFormState,
  mutationFormReducer,
  mutationPayload,
  selectedLocation,
  selectedWarehouse,
  type Level,
  type LocationOption,
  type WarehouseOption,
} from '../../common/mutationFormState'
import { useTranslate } from '../../common/translate'
import { isUnconfirmed } from '../../common/useApi'

const everything = { page: 1, perPage: MAX_LIST_LIMIT }
const message = (error: unknown) => (error instanceof Error ? error.message : String(error))
export const locationsPath = (warehouseId: Identifier) => `warehouses/${warehouseId}/locations`
export const mutationsPath = (productId: Identifier) => `products/${productId}/stock_mutations`
/** What the location holds, when the server asks before taking it below zero (409 INSUFFICIENT_STOCK, policy confirm) */
const availableIfAsked = (error: unknown): number | undefined => {
  if (!(error instanceof HttpError)) return undefined
  const body = error.body as { code?: string; params?: { policy?: string; available?: number } } | null
  return body?.code === 'INSUFFICIENT_STOCK' && body.params?.policy === 'confirm' ? body.params.available : undefined
}

export interface MutationFormCallbacks {
  /** a mutation was booked */
  onBooked: (mutation: StockMutation) => void
  /** the booking passed the warehouse's threshold: it waits for a manager's approval */
  onHeld: (approval: Approval) => void
  /** the booking would take the location below zero, which the warehouse books only when asked again */
  onBelowZero: (available: number) => void
  /** a warehouse or location was renamed: names shown elsewhere on the tab changed */
  onRenamed: () => void
}

export function useMutationForm(productId: number, { onBooked, onHeld, onBelowZero, onRenamed }: MutationFormCallbacks) {
  const dataProvider = useDataProvider()
  const translate = useTranslate()
  const [state, dispatch] = useReducer(mutationFormReducer, initialMutationFormState)
  /** which call is running: one at a time, and its buttons show it */
  const [pending, setPending] = useState<Level | 'booking' | null>(null)
  const [bookingError, setBookingError] = useState<string>()
  /** bumped to load again what failed to load */
  const [attempt, setAttempt] = useState(0)
  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  useEffect(() => {
    let current = true
    dataProvider
      .getList<WarehouseOption>('warehouses', { pagination: everything, sort: { field: 'warehouse_name', order: 'ASC' }, filter: {} })
      .then(
        ({ data }) => current && dispatch({ type: 'warehousesLoaded', warehouses: data }),
        (error) => current && dispatch({ type: 'failed', level: 'warehouse', message: message(error) }),
      )
    return () => {
      current = false
    }
  }, [dataProvider, attempt])

  const warehouseId = state.warehouse.selectedId
  const locationsUnknown = state.location.items === undefined
  useEffect(() => {
    if (warehouseId === null || !locationsUnknown) return
    dataProvider
      .getManyReference<LocationOption>('locations', {
        target: 'warehouse_id',
        id: warehouseId,
        pagination: everything,
        sort: { field: 'location_name', order: 'ASC' },
        filter: {},
      })
      .then(
        ({ data }) => dispatch({ type: 'locationsLoaded', warehouseId, locations: data }),
        (error) => dispatch({ type: 'failed', level: 'location', message: message(error) }),
      )
  }, [dataProvider, warehouseId, locationsUnknown, attempt])

  /** Runs one call at a time; a failure is reported on its level, never dropped. */
  const run = useCallback(
    async (level: Level | 'booking', call: () => Promise<void>) => {
      setPending(level)
      try {
        await call()
      } catch (error) {
        // a booking that got no answer may be booked: the next press of Submit sends the same key and books it once
        if (level === 'booking') setBookingError(isUnconfirmed(error) ? translate('stock.form.unconfirmed') : message(error))
        else dispatch({ type: 'failed', level, message: message(error) })
      } finally {
        setPending(null)
      }
    },
    [translate],
  )

  const saveWarehouse = () => {
    const name = state.warehouse.draft.trim()
    const previous = selectedWarehouse(state)
    return run('warehouse', async () => {
      if (state.warehouse.mode === 'create') {
        const { data } = await dataProvider.create<WarehouseOption>('warehouses', { data: { warehouse_name: name } })
        dispatch({ type: 'warehouseSaved', warehouse: data })
      } else if (previous) {
        const { data } = await dataProvider.update<WarehouseOption>('warehouses', {
          id: previous.id,
          data: { warehouse_name: name },
          previousData: previous,
        })
        dispatch({ type: 'warehouseSaved', warehouse: data })
        onRenamed()
      }
    })
  }

  const deleteWarehouse = () => {
    const warehouse = selectedWarehouse(state)
    if (!warehouse) return
    return run('warehouse', async () => {
      await dataProvider.delete('warehouses', { id: warehouse.id, previousData: warehouse })
      dispatch({ type: 'warehouseDeleted', id: warehouse.id })
    })
  }

  const saveLocation = () => {
    const name = state.location.draft.trim()
    const previous = selectedLocation(state)
    if (warehouseId === null) return
    return run('location', async () => {
      if (state.location.mode === 'create') {
        const { data } = await dataProvider.create<LocationOption>(locationsPath(warehouseId), { data: { location_name: name } })
        dispatch({ type: 'locationSaved', location: data })
      } else if (previous) {
        const { data } = await dataProvider.update<LocationOption>(locationsPath(warehouseId), {
          id: previous.id,
          data: { location_name: name },
          previousData: previous,
        })
        dispatch({ type: 'locationSaved', location: data })
        onRenamed()
      }
    })
  }

  const deleteLocation = () => {
    const location = selectedLocation(state)
    if (!location || warehouseId === null) return
    return run('location', async () => {
      await dataProvider.delete(locationsPath(warehouseId), { id: location.id, previousData: location })
      dispatch({ type: 'locationDeleted', id: location.id })
    })
  }

  /** Books the form's mutation; `allowNegative` once the clerk said yes to taking the location below zero. */
  const book = (allowNegative = false) => {
    const payload = mutationPayload(state)
    if (!payload) return
    setBookingError(undefined)
    return run('booking', async () => {
      let data: StockMutation | Approval
      try {
        ;({ data } = await dataProvider.create<StockMutation | Approval>(mutationsPath(productId), {
          data: { ...payload, product_id: productId, ...(allowNegative ? { allow_negative: true } : {}) },
        }))
      } catch (error) {
        const available = availableIfAsked(error)
        if (available === undefined) throw error
        return onBelowZero(available)
      }
      dispatch({ type: 'booked' })
      // above the warehouse's threshold the booking waits for a manager (202 with the approval)
      if (isApproval(data)) onHeld(data)
      else onBooked(data)
    })
  }

  return { state, dispatch, pending, bookingError, retry, saveWarehouse, deleteWarehouse, saveLocation, deleteLocation, book }
}
