// Rows of the audit trail, newest first, each opening its change field by field (before and after); a change that
// can be taken back offers Undo while nothing later rests on it. An entry that sums up an import's or a revert's rows
// says how many and, where the screen can list them (`onOpenParts`), opens to them. The audit screen and every History
// panel show these.
import { Fragment, useEffect, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import ExpandLessIcon from '@mui/icons-material/ExpandLess'
import UndoIcon from '@mui/icons-material/Undo'
import dayjs from 'dayjs'
import localizedFormat from 'dayjs/plugin/localizedFormat'
import { Confirm } from 'react-admin'
import { useLocale, useNotify } from 'ra-core'
import type { AuditEntry, RoleGrant, UndoCheck } from '../../../contract'
import { office } from '../../providers/officeApi'
import { describeFailure } from '../../providers/http'
import { fieldChanges, importOf, isRoleList, mayUndo, named, RESOURCE_OF, undoOf } from './changes'
import { useTranslate } from '../translate'
import { useRoleWords } from '../useRoleWords'

dayjs.extend(localizedFormat)

export function AuditRows({
  entries,
  onUndone,
  onOpenParts,
  showKind = true,
}: {
  entries: AuditEntry[]
  onUndone: () => void
  /** lists the rows an entry sums up */
  onOpenParts?: (entry: AuditEntry) => void
  showKind?: boolean
}) {
  const translate = useTranslate()
  const locale = useLocale()
  const [open, setOpen] = useState<number>()
  return (
    // width 0 / minWidth 100%: a wide table scrolls here instead of widening the page
    <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
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
                    <time dateTime={entry.created_at}>{dayjs(entry.created_at).locale(locale).format('L LTS')}</time>
                  </TableCell>
                  <TableCell>{entry.username ?? translate('audit.system')}</TableCell>
                  <TableCell>
                    {translate(`audit.actions.${entry.action}`)}
                    {importOf(entry) !== undefined && (
                      <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={translate('audit.by_import', { id: importOf(entry) })} />
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
    </Box>
  )
}

function ChangeDetail({ entry, onUndone }: { entry: AuditEntry; onUndone: () => void }) {
  const translate = useTranslate()
  const changes = fieldChanges(entry)
  const resource = RESOURCE_OF[entry.entity_type]
  const label = (field: string) => (resource ? translate(`resources.${resource}.fields.${field}`, { _: field }) : field)
  const yes = translate('ra.boolean.true')
  const no = translate('ra.boolean.false')
  return (
    <Stack spacing={1} sx={{ pl: { sm: 6 }, pb: 1 }}>
      {undoOf(entry) !== undefined && (
        <Typography variant="body2" color="text.secondary">
          {translate('audit.undo_of', { id: undoOf(entry) })}
        </Typography>
      )}
      {changes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('audit.no_fields')}
        </Typography>
      ) : (
        <Table size="small" aria-label={translate('audit.columns.changes')} sx={{ maxWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('terms.field')}</TableCell>
              <TableCell>{translate('audit.before')}</TableCell>
              <TableCell>{translate('audit.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changes.map((change) => (
              <TableRow key={change.field}>
                <TableCell sx={{ fontWeight: 500 }}>{label(change.field)}</TableCell>
                <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {isRoleList(change.before) ? <RolesInWords roles={change.before} /> : named(entry, change.field, change.before, yes, no)}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {isRoleList(change.after) ? <RolesInWords roles={change.after} /> : named(entry, change.field, change.after, yes, no)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {mayUndo(entry) && <UndoEntry entry={entry} onUndone={onUndone} />}
    </Stack>
  )
}

/** Undo of one entry: asks the server whether it can be taken back now, then takes it back after a confirmation. */
function UndoEntry({ entry, onUndone }: { entry: AuditEntry; onUndone: () => void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const [check, setCheck] = useState<UndoCheck>()
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string>()

  useEffect(() => {
    let current = true
    office.undoCheck(entry.id).then(
      (answer) => current && setCheck(answer),
      (failure: Error) => current && setCheck({ possible: false, reason: failure.message }),
    )
    return () => {
      current = false
    }
  }, [entry.id])
  const undo = async () => {
    setPending(true)
    try {
      await office.undo(entry.id)
      setConfirming(false)
      notify('audit.undone', { type: 'success' })
      onUndone()
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setPending(false)
    }
  }
  if (check === undefined) return <CircularProgress size={18} />
  return (
    <Box>
      {check.possible ? (
        <Button size="small" variant="outlined" startIcon={<UndoIcon />} onClick={() => setConfirming(true)} disabled={pending}>
          {translate('terms.undo')}
        </Button>
      ) : (
        <Tooltip title={translate('terms.undo')}>
          <Alert severity="info" icon={<UndoIcon fontSize="small" />} sx={{ py: 0 }}>
            {check.code
              ? describeFailure(409, { detail: check.reason ?? '', code: check.code, params: check.params }, translate)
              : check.reason}
          </Alert>
        </Tooltip>
      )}
      <Confirm
        isOpen={confirming}
        loading={pending}
        title="audit.undo_title"
        content={
          <Stack spacing={2}>
            <Typography>{translate('audit.undo_content')}</Typography>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        }
        confirm="terms.undo"
        onConfirm={() => void undo()}
        onClose={() => {
          setConfirming(false)
          setError(undefined)
        }}
      />
    </Box>
  )
}

/** A user's roles as the audit keeps them: "Clerk in Rotterdam, Office in every warehouse" (none: a dash) */
function RolesInWords({ roles }: { roles: RoleGrant[] }) {
  const words = useRoleWords(roles)
  return <>{roles.length === 0 ? '—' : roles.map(words).join(', ')}</>
}
