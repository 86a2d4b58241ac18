// Export: a button offering CSV or XLSX of what a list shows, downloaded through the http client (the bearer
// token goes with it), the headers in the user's language. The list's own filters and sort go along.
import { useState } from 'react'
import { Button, CircularProgress, Menu, MenuItem } from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'
import { useListContext, useLocale, useNotify } from 'ra-core'
import { EXPORT_FORMATS, type ExportFormat } from '../../contract/constants'
import { office } from '../providers/officeApi'
import { session } from '../providers/session'
import { listQuery } from '../providers/dataProvider'
import { useTranslate } from './translate'

type Query = Parameters<typeof office.exportList>[3]

export function ExportButton({ path, query, size = 'small' }: { path: string; query: Query; size?: 'small' | 'medium' }) {
  const translate = useTranslate()
  const locale = useLocale()
  const notify = useNotify()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [pending, setPending] = useState(false)

  const run = async (format: ExportFormat) => {
    setAnchor(null)
    setPending(true)
    try {
      await office.exportList(path, format, locale, query)
    } catch (failure) {
      notify('export.failed', { type: 'error', messageArgs: { error: (failure as Error).message } })
    } finally {
      setPending(false)
    }
  }

  // exporting is a right of its own (office): without it there is no button to press
  if (!session.holds('exports.run')) return null
  return (
    <>
      <Button
        size={size}
        startIcon={pending ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
        disabled={pending}
        aria-haspopup="menu"
        aria-label={translate('export.label')}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate(pending ? 'export.preparing' : 'export.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void run(format)}>
            {translate(`export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}

/** The export of a react-admin list: its filters and sort exactly as the list's own request sends them. */
export function ListExportButton({ path }: { path: string }) {
  const list = useListContext()
  const filter = list.filterValues as Record<string, unknown>
  return <ExportButton path={path} query={listQuery({ sort: list.sort, filter })} />
}
