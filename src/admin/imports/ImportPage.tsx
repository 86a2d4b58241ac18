// /imports: a new import. Choose what to import and the file, check it (a dry run of its first rows: nothing changes),
// correct the column mapping where the guess is wrong and check again, choose what happens to rows with problems,
// then import; the report follows at /imports/{id}. Earlier imports are listed below.
import { useEffect, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import { Title } from 'react-admin'
import { useLocale } from 'ra-core'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import dayjs from 'dayjs'
import localizedFormat from 'dayjs/plugin/localizedFormat'
import { IMPORT_FIELDS, IMPORT_KINDS, IMPORT_MODES, type ImportKind, type ImportMode } from '../../contract/constants'
import type { ImportReport } from '../../contract'
import { office } from '../providers/officeApi'
import { Problems } from './ImportParts'
import { useNumber } from '../common/numbers'
import { useTranslate } from '../common/translate'
import { TableScroll } from '../common/TableScroll'

dayjs.extend(localizedFormat)

const IGNORE = ''

export default function ImportPage() {
  const translate = useTranslate()
  const number = useNumber()
  const navigate = useNavigate()
  const [kind, setKind] = useState<ImportKind>('products')
  const [file, setFile] = useState<File>()
  const [mode, setMode] = useState<ImportMode>('valid_only')
  const [mapping, setMapping] = useState<Record<string, string>>({})
  const [check, setCheck] = useState<ImportReport>()
  const [pending, setPending] = useState<'check' | 'import'>()
  const [error, setError] = useState<string>()

  const run = async (which: 'check' | 'import') => {
    if (!file) return
    setPending(which)
    setError(undefined)
    try {
      const report = await office.upload(file, { kind, mode, mapping, dryRun: which === 'check' })
      if (which === 'import' && report.id !== null) navigate(`/imports/${report.id}`, { state: { started: true } })
      else {
        setCheck(report)
        // the mapping as the server applied it, so the person corrects what it guessed
        setMapping(Object.fromEntries(report.columns.filter((c) => c.header !== '').map((c) => [c.header, c.field ?? IGNORE])))
      }
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setPending(undefined)
    }
  }
  const restart = (next: { kind?: ImportKind; file?: File }) => {
    if (next.kind) setKind(next.kind)
    if (next.file) setFile(next.file)
    setCheck(undefined)
    setMapping({})
  }
  const headerProblems = check?.problems.some((p) => p.row === 1) ?? true

  return (
    <Box sx={{ mt: 2, mb: 2, maxWidth: 1000 }}>
      <Title title="terms.import" />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <TextField
              select
              label={translate('imports.kind')}
              value={kind}
              onChange={(event) => restart({ kind: event.target.value as ImportKind })}
              helperText={translate(`imports.kind_help.${kind}`)}
              sx={{ maxWidth: 420 }}
            >
              {IMPORT_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {translate(`imports.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                {translate('imports.choose')}
                <input
                  hidden
                  type="file"
                  aria-label={translate('imports.file')}
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  onChange={(event) => event.target.files?.[0] && restart({ file: event.target.files[0] })}
                />
              </Button>
              <Typography color={file ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
                {file?.name ?? translate('imports.no_file')}
              </Typography>
              <Button variant="contained" disabled={!file || pending !== undefined} onClick={() => void run('check')}>
                {translate('imports.check')}
              </Button>
            </Stack>
            {pending === 'check' && (
              <Box>
                <Typography variant="body2">{translate('imports.checking')}</Typography>
                <LinearProgress />
              </Box>
            )}
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
      {check && (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="subtitle1" component="h2">
              {translate('imports.columns')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('imports.columns_help')}
            </Typography>
            <TableScroll>
              <Table size="small" aria-label={translate('imports.columns')} sx={{ maxWidth: 640 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('imports.column')}</TableCell>
                    <TableCell>{translate('terms.field')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {check.columns
                    .filter((c) => c.header !== '')
                    .map(({ header }) => (
                      <TableRow key={header}>
                        <TableCell>{header}</TableCell>
                        <TableCell>
                          <TextField
                            select
                            size="small"
                            value={mapping[header] ?? IGNORE}
                            error={check.problems.some((p) => p.row === 1 && p.column === header)}
                            onChange={(event) => setMapping({ ...mapping, [header]: event.target.value })}
                            slotProps={{ htmlInput: { 'aria-label': `${translate('terms.field')}: ${header}` } }}
                            sx={{ minWidth: 220 }}
                          >
                            <MenuItem value={IGNORE}>
                              <em>{translate('imports.ignore')}</em>
                            </MenuItem>
                            {IMPORT_FIELDS[kind].map((field) => (
                              <MenuItem key={field} value={field}>
                                {translate(`imports.fields.${field}`)}
                              </MenuItem>
                            ))}
                          </TextField>
                        </TableCell>
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            </TableScroll>
            {check.rows !== null && (
              <Typography sx={{ mt: 2 }} data-testid="import-would">
                {translate('imports.would', {
                  rows: number(check.rows),
                  created: number(check.created),
                  updated: number(check.updated),
                  unchanged: number(check.unchanged),
                  booked: number(check.booked),
                  refused: number(check.refused),
                })}
              </Typography>
            )}
            {check.more_rows && (
              <Alert severity="info" sx={{ mt: 1 }} data-testid="import-checked-first">
                {translate('imports.checked_first', { rows: number(check.rows ?? 0) })}
              </Alert>
            )}
            <Problems report={check} />
            <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
              <TextField
                select
                size="small"
                label={translate('imports.mode')}
                value={mode}
                onChange={(event) => setMode(event.target.value as ImportMode)}
                sx={{ minWidth: 300 }}
              >
                {IMPORT_MODES.map((m) => (
                  <MenuItem key={m} value={m}>
                    {translate(`imports.modes.${m}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Button disabled={pending !== undefined} onClick={() => void run('check')}>
                {translate('imports.check')}
              </Button>
              <Button variant="contained" disabled={headerProblems || pending !== undefined} onClick={() => void run('import')}>
                {translate('terms.import')}
              </Button>
            </Stack>
            {pending === 'import' && <LinearProgress sx={{ mt: 2 }} />}
          </CardContent>
        </Card>
      )}
      <EarlierImports />
    </Box>
  )
}

function EarlierImports() {
  const translate = useTranslate()
  const locale = useLocale()
  const [imports, setImports] = useState<ImportReport[]>()
  useEffect(() => {
    let current = true
    office.imports().then(
      (found) => current && setImports(found),
      () => current && setImports([]),
    )
    return () => {
      current = false
    }
  }, [])
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {translate('imports.earlier')}
        </Typography>
        {imports?.length === 0 && <Typography color="text.secondary">{translate('imports.no_earlier')}</Typography>}
        <List dense>
          {imports?.map((report) => (
            <ListItemButton key={report.id} component={RouterLink} to={`/imports/${report.id}`}>
              <ListItemText
                primary={`${translate('imports.report', { id: report.id })} · ${report.file_name}`}
                secondary={`${translate(`imports.kinds.${report.kind}`)} · ${translate(`imports.statuses.${report.status}`, { _: report.status })} · ${dayjs(report.created_at).locale(locale).format('L LT')}`}
              />
            </ListItemButton>
          ))}
        </List>
      </CardContent>
    </Card>
  )
}
