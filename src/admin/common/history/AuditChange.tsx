// What one audit entry changed, field by field (before and after), and its Undo while nothing later rests on it; on a
// phone the fields are a list, as three columns would be cut. The rows of the audit screen and of History open these.
import { useEffect, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material'
import UndoIcon from '@mui/icons-material/Undo'
import { Confirm } from 'react-admin'
import { useNotify } from 'ra-core'
import type { AuditEntry, RoleGrant, UndoCheck } from '../../../contract'
import { office } from '../../providers/officeApi'
import { describeFailure } from '../../providers/http'
import { fieldChanges, isRoleList, mayUndo, named, RESOURCE_OF, undoOf } from './changes'
import { useTranslate } from '../translate'
import { useRoleWords } from '../useRoleWords'
import { usePhone } from '../usePhone'

export function ChangeDetail({ entry, onUndone }: { entry: AuditEntry; onUndone: () => void }) {
  const translate = useTranslate()
  const changes = fieldChanges(entry)
  const resource = RESOURCE_OF[entry.entity_type]
  const label = (field: string) => (resource ? translate(`resources.${resource}.fields.${field}`, { _: field }) : field)
  const yes = translate('ra.boolean.true')
  const no = translate('ra.boolean.false')
  const phone = usePhone()
  const value = (field: string, raw: unknown) => (isRoleList(raw) ? <RolesInWords roles={raw} /> : named(entry, field, raw, yes, no))
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
      ) : phone ? (
        <Box component="dl" role="group" aria-label={translate('audit.columns.changes')} sx={{ m: 0 }}>
          {changes.map((change) => (
            <Box key={change.field} sx={{ mb: 1 }}>
              <Typography component="dt" variant="subtitle2">
                {label(change.field)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {translate('audit.before')}: {value(change.field, change.before)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {translate('audit.after')}: {value(change.field, change.after)}
              </Typography>
            </Box>
          ))}
        </Box>
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
                <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{value(change.field, change.before)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{value(change.field, change.after)}</TableCell>
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
