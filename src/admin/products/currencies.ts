// The currency choices of SPEC §5 for react-admin's SelectInput.
import { CURRENCIES } from '../../contract/constants'

export const CURRENCY_CHOICES = CURRENCIES.map((code) => ({ id: code, name: code }))

/** the empty choice of a currency select is no currency */
export const emptyToNull = (value: string) => (value === '' ? null : value)
