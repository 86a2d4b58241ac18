// Rows of the audit trail, newest first, each opening its change (AuditChange). An entry that sums up an import's or a
// revert's rows says how many and, where the screen can list them (`onOpenParts`), opens to them. A desktop shows a
// table; a phone shows one card per entry, as a table's columns would be cut at 390 px. The audit screen and every
// History panel show these.
import { Fragment, useState } from 'react'
import {
  Box,
  Button,
  ButtonBase,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import ExpandLessIcon from '@mui/icons-material/ExpandLess'
import dayjs from 'dayjs'
import localizedFormat from 'dayjs/plugin/localizedFormat'
import { useLocale } from 'ra-core'
import type { AuditEntry } from '../../../contract'
import { importOf } from './changes'
import { ChangeDetail } from './AuditChange'
import { useTranslate } from '../translate'
import { usePhone } from '../usePhone'
import { TableScroll } from '../TableScroll'

dayjs.extend(localizedFormat)

interface AuditRowsProps {
  entries: AuditEntry[]
  onUndone: () => void
  /** lists the rows an entry sums up */
  onOpenParts?: (entry: AuditEntry) => void
  showKind?: boolean
}

export function AuditRows(props: AuditRowsProps) {
  return usePhone() ? <AuditCards {...props} /> : <AuditTable {...props} />
}

function AuditTable({ entries, onUndone, onOpenParts, showKind = true }: AuditRowsProps) {
  const translate = useTranslate()
  const [open, setOpen] = useState<number>()
  return (
    <TableScroll>
      <Table size="small" aria-label={translate('terms.audit_trail')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{translate('terms.date')}</TableCell>
            <TableCell>{translate('terms.user')}</TableCell>
            <TableCell>{translate('terms.action')}</TableCell>
            {showKind && <TableCell>{translate('terms.kind_of_record')}</TableCell>}
            {showKind && <TableCell align="right">{translate('audit.columns.record')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => {
            const expanded = open === entry.id
            const toggle = () => setOpen(expanded ? undefined : entry.id)
            return (
              <Fragment key={entry.id}>
                <TableRow
                  hover
                  onClick={toggle}
                  sx={{ cursor: 'pointer', '& > td': { borderBottom: expanded ? 'none' : undefined } }}
                  data-testid="audit-row"
                >
                  <TableCell padding="checkbox">
                    <IconButton size="small" aria-expanded={expanded} aria-label={translate('audit.open')}>
                      {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                    </IconButton>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <When entry={entry} />
                  </TableCell>
                  <TableCell>{entry.username ?? translate('audit.system')}</TableCell>
                  <TableCell>
                    <EntryAction entry={entry} onOpenParts={onOpenParts} />
                  </TableCell>
                  {showKind && <TableCell>{translate(`audit.kinds.${entry.entity_type}`)}</TableCell>}
                  {showKind && (
                    <TableCell align={entry.subject ? 'left' : 'right'} sx={{ overflowWrap: 'anywhere' }}>
                      {entry.subject ?? `#${entry.entity_id}`}
                    </TableCell>
                  )}
                </TableRow>
                {expanded && (
                  <TableRow>
                    <TableCell colSpan={showKind ? 6 : 4} sx={{ pt: 0 }}>
                      <ChangeDetail entry={entry} onUndone={onUndone} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            )
          })}
        </TableBody>
      </Table>
    </TableScroll>
  )
}

/** One card per entry on a phone: what happened to what, then when and by whom; a tap opens its change. */
function AuditCards({ entries, onUndone, onOpenParts, showKind = true }: AuditRowsProps) {
  const translate = useTranslate()
  const [open, setOpen] = useState<number>()
  return (
    <Stack component="ul" aria-label={translate('terms.audit_trail')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry) => {
        const expanded = open === entry.id
        return (
          <Box component="li" key={entry.id} sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
            <ButtonBase
              aria-expanded={expanded}
              onClick={() => setOpen(expanded ? undefined : entry.id)}
              data-testid="audit-row"
              sx={{ width: '100%', minHeight: 44, justifyContent: 'space-between', textAlign: 'left', gap: 1, py: 0.5 }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {translate(`audit.actions.${entry.action}`)}
                  {showKind && ` · ${translate(`audit.kinds.${entry.entity_type}`)} ${entry.subject ?? `#${entry.entity_id}`}`}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  <When entry={entry} /> · {entry.username ?? translate('audit.system')}
                </Typography>
              </Box>
              {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </ButtonBase>
            <EntryAction entry={entry} onOpenParts={onOpenParts} wordless />
            {expanded && <ChangeDetail entry={entry} onUndone={onUndone} />}
          </Box>
        )
      })}
    </Stack>
  )
}

function When({ entry }: { entry: AuditEntry }) {
  const locale = useLocale()
  return <time dateTime={entry.created_at}>{dayjs(entry.created_at).locale(locale).format('L LTS')}</time>
}

/** What was done, with the import it came from and the count of rows it sums up (a button that lists them). */
function EntryAction({
  entry,
  onOpenParts,
  wordless = false,
}: Pick<AuditRowsProps, 'onOpenParts'> & { entry: AuditEntry; wordless?: boolean }) {
  const translate = useTranslate()
  return (
    <>
      {!wordless && translate(`audit.actions.${entry.action}`)}
      {importOf(entry) !== undefined && (
        <Chip size="small" variant="outlined" sx={{ ml: wordless ? 0 : 1 }} label={translate('audit.by_import', { id: importOf(entry) })} />
      )}
      {entry.parts !== undefined &&
        (onOpenParts ? (
          <Button
            size="small"
            variant="outlined"
            sx={{ ml: 1, minHeight: 44 }}
            onClick={(event) => {
              // opens the rows, not the entry's own change
              event.stopPropagation()
              onOpenParts(entry)
            }}
          >
            {translate('audit.parts', { smart_count: entry.parts })}
          </Button>
        ) : (
          <Chip size="small" sx={{ ml: 1 }} label={translate('audit.parts', { smart_count: entry.parts })} />
        ))}
    </>
  )
}
