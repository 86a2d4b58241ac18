// 'Last edited 3 minutes ago' in the chosen language (dayjs), with the exact time on hover.
import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'
import localizedFormat from 'dayjs/plugin/localizedFormat'
import { Tooltip, Typography } from '@mui/material'
import { useLocaleState, useTranslate } from 'ra-core'

dayjs.extend(relativeTime)
dayjs.extend(localizedFormat)

export function LastEdited({ at }: { at: string }) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const moment = dayjs(at).locale(locale)
  return (
    <Tooltip title={moment.format('LLLL')}>
      <Typography variant="body2" color="text.secondary" tabIndex={0} sx={{ width: 'fit-content' }}>
        {translate('catalogue.orgs.last_edited', { when: moment.fromNow() })}
      </Typography>
    </Tooltip>
  )
}
