// Every brand or warehouse for a select: lists answer up to MAX_LIST_LIMIT rows, sorted by name.
import { useGetList, type RaRecord } from 'ra-core'
import { MAX_LIST_LIMIT } from '../../../contract/constants'

export function useAllOptions<T extends RaRecord>(resource: string, nameField: keyof T & string) {
  return useGetList<T>(resource, {
    pagination: { page: 1, perPage: MAX_LIST_LIMIT },
    sort: { field: nameField, order: 'ASC' },
  })
}
