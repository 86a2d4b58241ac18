// /imports/{id}: the report of an import. While it runs, a progress bar (asked again every second); then its
// figures and problems, the refused rows to download as CSV, and Revert. Right after it finishes, the confirmation
// offers Undo for a few seconds (the revert).
import { useEffect, useRef, useState } from 'react'
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'
import { Confirm, Title } from 'react-admin'
import { useLocale } from 'ra-core'
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom'
import dayjs from 'dayjs'
import localizedFormat from 'dayjs/plugin/localizedFormat'
import type { ImportReport } from '../../contract'
import { office } from '../providers/officeApi'
import { useNotifyWithUndo } from '../common/UndoNotice'
import { Figures, Problems } from './ImportParts'
import { useNumber } from '../common/numbers'
import { useTranslate } from '../common/translate'

dayjs.extend(localizedFormat)

const running = (report?: ImportReport) => report?.status === 'checking' || report?.status === 'importing'

export default function ImportReportPage() {
  const translate = useTranslate()
  const number = useNumber()
  const locale = useLocale()
  const notifyWithUndo = useNotifyWithUndo()
  const id = Number(useParams().id)
  const [report, setReport] = useState<ImportReport>()
  const [error, setError] = useState<string>()
  const [reverting, setReverting] = useState(false)
  const [pending, setPending] = useState(false)
  const [revertError, setRevertError] = useState<string>()
  const [downloading, setDownloading] = useState(false)
  /** started here or seen running: its end is announced with Undo (a small import may be done before the first look) */
  const watched = useRef(Boolean((useLocation().state as { started?: boolean } | null)?.started))

  useEffect(() => {
    if (report && !running(report) && report.status !== 'held') return
    let current = true
    // an import reports its progress as it goes: ask again each second while it runs (while it waits for a
    // manager's approval, every five)
    const timer = setTimeout(
      () =>
        void office.importReport(id).then(
          (next) => current && setReport(next),
          (failure: Error) => current && setError(failure.message),
        ),
      report ? (report.status === 'held' ? 5000 : 1000) : 0,
    )
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [id, report])

  useEffect(() => {
    if (running(report)) watched.current = true
    else if (report?.status === 'done' && watched.current) {
      watched.current = false
      notifyWithUndo('imports.done', { id }, async () => setReport(await office.revertImport(id)))
    }
  }, [report, id, notifyWithUndo])

  const revert = async () => {
    setPending(true)
    try {
      setReport(await office.revertImport(id))
      setReverting(false)
    } catch (failure) {
      setRevertError((failure as Error).message)
    } finally {
      setPending(false)
    }
  }
  const download = async () => {
    setDownloading(true)
    try {
      await office.refusedRows(id, locale)
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setDownloading(false)
    }
  }

  const title = translate('imports.report', { id })
  return (
    <Box sx={{ mt: 2, mb: 2, maxWidth: 1000 }}>
      <Title title={title} />
      {error && <Alert severity="error">{error}</Alert>}
      {report && (
        <Card>
          <CardContent>
            <Stack spacing={1}>
              <Typography variant="h6" component="h2">
                {title}
              </Typography>
              <Typography color="text.secondary">
                {translate('imports.report_of', {
                  kind: translate(`imports.kinds.${report.kind}`),
                  file: report.file_name,
                  user: report.user?.username ?? '—',
                  when: dayjs(report.created_at).locale(locale).format('L LT'),
                })}
              </Typography>
              <Typography data-testid="import-status" sx={{ fontWeight: 600 }}>
                {translate(`imports.statuses.${report.status}`)}
              </Typography>
              {report.failure && (
                <Alert severity="error">
                  {report.failure_code
                    ? translate(`imports.failures.${report.failure_code}`, { row: report.applied_through, _: report.failure })
                    : report.failure}
                </Alert>
              )}
              {report.applied_through !== null && report.status !== 'done' && (
                <Typography variant="body2" data-testid="import-applied-through">
                  {translate('imports.applied_through', { row: report.applied_through })}
                </Typography>
              )}
              {running(report) && (
                <Box>
                  <Typography variant="body2">
                    {report.status === 'importing' && report.rows
                      ? translate('imports.running', { done: number(report.processed), total: number(report.rows) })
                      : translate('imports.checking')}
                  </Typography>
                  <LinearProgress
                    variant={report.status === 'importing' && report.rows ? 'determinate' : 'indeterminate'}
                    value={report.rows ? (100 * report.processed) / report.rows : 0}
                    aria-label={translate('imports.checking')}
                  />
                </Box>
              )}
              <Figures report={report} />
              <Problems report={report} />
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                {report.refused > 0 && (
                  <Button startIcon={<DownloadIcon />} disabled={downloading} onClick={() => void download()}>
                    {translate('imports.download_refused')}
                  </Button>
                )}
                {(report.status === 'done' || report.status === 'failed') && (
                  <Button color="warning" variant="outlined" onClick={() => setReverting(true)}>
                    {translate('imports.revert')}
                  </Button>
                )}
                <Button component={RouterLink} to="/imports">
                  {translate('imports.new')}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
      <Confirm
        isOpen={reverting}
        loading={pending}
        title={translate('imports.revert_title', { id })}
        content={
          <Stack spacing={2}>
            <Typography>{translate('imports.revert_content')}</Typography>
            {revertError && (
              <Alert severity="error" role="alert">
                {revertError}
              </Alert>
            )}
          </Stack>
        }
        confirm="imports.revert"
        confirmColor="warning"
        onConfirm={() => void revert()}
        onClose={() => {
          setReverting(false)
          setRevertError(undefined)
        }}
      />
    </Box>
  )
}
