// The booking reasons administrators keep, read once and shared by the stock form, the ledger's list and its filter;
// each named in the screen's language.
import { useGetList, useLocale } from 'ra-core'
import type { BookingReason } from '../../contract'
import { MAX_LIST_LIMIT } from '../../contract/constants'

export function useBookingReasons() {
  const locale = useLocale()
  const { data = [], error } = useGetList<BookingReason>(
    'booking_reasons',
    { pagination: { page: 1, perPage: MAX_LIST_LIMIT }, sort: { field: 'id', order: 'ASC' } },
    { staleTime: 5 * 60_000 },
  )
  const nameOf = (reason: BookingReason) => (locale === 'nl' ? reason.name_nl : reason.name_en)
  return {
    reasons: data,
    /** the reasons a booking may be given: those not retired */
    offered: data.filter((reason) => reason.active),
    nameOf,
    /** a booking's reason in words; its code while the list loads or when it is unknown */
    nameOfCode: (code: string) => {
      const reason = data.find((candidate) => candidate.code === code)
      return reason ? nameOf(reason) : code
    },
    error,
  }
}
