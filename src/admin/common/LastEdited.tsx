// 'Last edited' of products and organizations as calendar text (SPEC §2), with the exact time in a tooltip.
import { Tooltip, Typography } from '@mui/material'
import { useLocaleState } from 'ra-core'
import dayjs from 'dayjs'
import calendar from 'dayjs/plugin/calendar'
import localizedFormat from 'dayjs/plugin/localizedFormat'
import { useTranslate } from './translate'

dayjs.extend(calendar)
dayjs.extend(localizedFormat)

const CALENDAR_CASES = ['sameDay', 'nextDay', 'nextWeek', 'lastDay', 'lastWeek', 'sameElse'] as const

/** 'Today at 2:30 PM' / 'vandaag om 14:30'; the formats are translations because dayjs locales carry none. */
export function useCalendarText() {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  return (date: string | Date, now: Date = new Date()) => {
    const formats = Object.fromEntries(CALENDAR_CASES.map((name) => [name, translate(`stockroom.calendar.${name}`)]))
    return dayjs(date).locale(locale).calendar(now, formats)
  }
}

export function LastEdited({ at }: { at: string }) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const calendarText = useCalendarText()
  const exact = dayjs(at).locale(locale).format('LL LTS')
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('terms.last_edited')}:{' '}
      <Tooltip title={exact}>
        <time dateTime={at} tabIndex={0}>
          {calendarText(at)}
        </time>
      </Tooltip>
    </Typography>
  )
}
