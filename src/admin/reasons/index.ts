// The booking reasons screen: the list of reasons a booking may be given, kept by administrators.
import { lazy } from 'react'
import RuleIcon from '@mui/icons-material/Rule'
import type { ResourceScreen } from '../common/screen'

export default {
  resource: 'booking_reasons',
  label: 'reasons.title',
  audience: 'administer',
  list: lazy(() => import('./BookingReasonList')),
  icon: RuleIcon,
  recordRepresentation: 'code',
} satisfies ResourceScreen
