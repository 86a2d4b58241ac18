// /stock_counts/{id}: counting (by scan or by typing each line's amount), the review of expected, counted and the
// difference with its value, and submitting, applying or cancelling. A blind count shows no expected amounts until
// it is submitted.
import { useState } from 'react'
import { Alert, Box, Chip, Divider, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material'
import WarningAmberIcon from '@mui/icons-material/WarningAmber'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Confirm } from 'react-admin'
import { useLocale, useNotify } from 'ra-core'
import { useParams } from 'react-router-dom'
import type { StockCount, StockCountLine, StockCountStatus } from '../../contract'
import { OPERATIONS } from '../../contract/operations'
import { DocumentScreen, DocumentSection, DocumentSteps, type DocumentStep } from '../common/DocumentScreen'
import { money, moneyTotals } from '../common/money'
import { useApi, useSend } from '../common/useApi'
import { usePhone } from '../common/usePhone'
import { productLabel } from '../common/transfer/transferForm'
import { CountStatus } from './CountStatus'
import { CountedInput } from './CountedInput'
import { ScanBox } from './ScanBox'
import { isBlindNow, productDetails, summary, withLine } from './countSummary'
import { useTranslate } from '../common/translate'
import { isApproval } from '../common/isApproval'
import { TableScroll } from '../common/TableScroll'

type Step = 'submit' | 'apply' | 'cancel' | 'reverse'
const STEP_OPERATIONS = {
  submit: OPERATIONS.submitCount,
  apply: OPERATIONS.applyCount,
  cancel: OPERATIONS.cancelCount,
  reverse: OPERATIONS.reverseCount,
}
const numberSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const
const signedText = (n: number) => (n > 0 ? `+${n}` : String(n))

export default function CountDetail() {
  const translate = useTranslate()
  const locale = useLocale()
  const notify = useNotify()
  const api = useApi()
  const send = useSend()
  const queryClient = useQueryClient()
  const phone = usePhone()
  const { id = '' } = useParams()
  const key = ['stockroom', 'stock_count', id]
  const {
    data: count,
    error,
    refetch,
  } = useQuery({
    queryKey: key,
    enabled: /^[1-9]\d*$/.test(id),
    queryFn: async () => (await api<StockCount>(`/stock_counts/${id}`)).json,
  })
  const [asking, setAsking] = useState<Step>()
  const [busy, setBusy] = useState(false)
  const onLine = (line: StockCountLine) => queryClient.setQueryData<StockCount>(key, (known) => known && withLine(known, line))

  const step = async (name: Step) => {
    setBusy(true)
    try {
      const answer = await send(STEP_OPERATIONS[name], { params: { id } })
      setAsking(undefined)
      // differences above the warehouse's threshold wait for a manager: the count is submitted meanwhile
      if (isApproval(answer)) {
        notify('approvals.count_held', { type: 'info', autoHideDuration: 10_000, messageArgs: { id, warehouse: answer.warehouse_name } })
        void refetch()
        return
      }
      queryClient.setQueryData(key, answer)
      notify(`counts.steps.${name}_done`, { type: 'success', messageArgs: { id } })
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' })
      setAsking(undefined)
      void refetch()
    } finally {
      setBusy(false)
    }
  }

  if (error) return <Alert severity="error">{error.message}</Alert>
  if (!count) return <Typography role="status">{translate('counts.loading')}</Typography>
  const hidden = isBlindNow(count)
  const open = count.status === 'open'
  const totals = summary(count.lines)
  const flagged = count.lines.filter((line) => line.flagged)
  const steps: DocumentStep<StockCountStatus, Step>[] = [
    { name: 'submit', label: translate('counts.steps.submit'), from: ['open'], variant: 'outlined' },
    {
      name: 'apply',
      label: translate('counts.steps.apply'),
      from: ['open', 'submitted'],
      variant: 'contained',
      disabled: totals.counted === 0,
    },
    { name: 'cancel', label: translate('counts.steps.cancel'), from: ['open', 'submitted'], color: 'warning' },
    { name: 'reverse', label: translate('counts.steps.reverse'), from: ['applied'], color: 'warning', variant: 'outlined' },
  ]

  return (
    <DocumentScreen
      title={translate('counts.name', { id: count.id })}
      back={{ to: '/stock_counts', label: translate('counts.back') }}
      heading={translate('counts.heading', { id: count.id, warehouse: count.warehouse_name })}
      marks={
        <>
          <CountStatus status={count.status} />
          {count.blind && <Chip size="small" variant="outlined" label={translate('counts.blind')} />}
        </>
      }
      note={count.note}
    >
      {open && <ScanBox count={count} onLine={onLine} />}
      <DocumentSection title={translate('counts.lines.title')}>
        {hidden && (
          <Typography variant="body2" color="text.secondary">
            {translate('counts.lines.blind_help')}
          </Typography>
        )}
        {count.lines.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {translate('counts.lines.empty')}
          </Typography>
        ) : phone ? (
          <PhoneLines count={count} onLine={onLine} />
        ) : (
          <TableScroll>
            <Table size="small" aria-label={translate('counts.lines.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('terms.location')}</TableCell>
                  <TableCell>{translate('terms.product')}</TableCell>
                  <TableCell align="right">{translate('counts.lines.expected')}</TableCell>
                  <TableCell align="right">{translate('terms.counted')}</TableCell>
                  <TableCell align="right">{translate('counts.lines.difference')}</TableCell>
                  <TableCell align="right">{translate('terms.value')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {count.lines.map((line) => (
                  <TableRow key={line.id} data-testid="count-line">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.location_name}</TableCell>
                    <TableCell sx={{ minWidth: 140 }}>
                      {productLabel(line.product)}
                      {productDetails(line.product, productLabel(line.product)) && (
                        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                          {productDetails(line.product, productLabel(line.product))}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={numberSx}>
                      {line.expected ?? '—'}
                    </TableCell>
                    <TableCell align="right" sx={numberSx}>
                      {open ? <CountedInput countId={count.id} line={line} onLine={onLine} /> : (line.counted ?? '—')}
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{
                        ...numberSx,
                        fontWeight: 600,
                        color: line.difference ? (line.difference > 0 ? 'success.main' : 'error.main') : undefined,
                      }}
                    >
                      {line.difference === null ? '' : signedText(line.difference)}
                      {line.flagged && <FlaggedMark />}
                    </TableCell>
                    <TableCell align="right" sx={numberSx}>
                      {line.difference_value === null || line.purchase_currency === null
                        ? ''
                        : money(locale, line.difference_value, line.purchase_currency)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        )}
      </DocumentSection>
      <DocumentSection title={translate('counts.review.title')}>
        <Typography data-testid="count-review">
          {translate('counts.review.counted', { counted: totals.counted, total: count.lines.length })}
          {!hidden && ` · ${translate('counts.review.different', { smart_count: totals.different })}`}
          {!hidden && totals.values.length > 0 && ` · ${translate('counts.review.value', { value: moneyTotals(locale, totals.values) })}`}
        </Typography>
        <DocumentSteps status={count.status} steps={steps} busy={busy} onStep={setAsking} />
      </DocumentSection>
      <Confirm
        isOpen={asking !== undefined}
        loading={busy}
        title={asking ? `counts.steps.${asking}_title` : ''}
        content={
          asking === 'apply' && flagged.length > 0 ? (
            <FlaggedLines lines={flagged} />
          ) : asking ? (
            translate(`counts.steps.${asking}_content`, { smart_count: totals.counted })
          ) : (
            ''
          )
        }
        confirm={asking ? `counts.steps.${asking}` : ''}
        cancel="terms.back"
        confirmColor={asking === 'cancel' || asking === 'reverse' ? 'warning' : 'primary'}
        onConfirm={() => asking && void step(asking)}
        onClose={() => setAsking(undefined)}
      />
    </DocumentScreen>
  )
}

/** On a phone each line is a small block: the product and place, then expected, counted (to type in) and the difference. */
function PhoneLines({ count, onLine }: { count: StockCount; onLine: (line: StockCountLine) => void }) {
  const translate = useTranslate()
  const locale = useLocale()
  const open = count.status === 'open'
  return (
    <Stack component="ul" aria-label={translate('counts.lines.title')} divider={<Divider />} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
      {count.lines.map((line) => (
        <Box
          component="li"
          key={line.id}
          data-testid="count-line"
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 96px', columnGap: 1, alignItems: 'center', py: 1 }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{`${productLabel(line.product)} · ${line.location_name}`}</Typography>
            {productDetails(line.product, productLabel(line.product)) && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {productDetails(line.product, productLabel(line.product))}
              </Typography>
            )}
            <Typography variant="body2" color={line.flagged ? 'warning.main' : 'text.secondary'}>
              {[
                `${translate('counts.lines.expected')} ${line.expected ?? '—'}`,
                line.difference === null ? null : `${translate('counts.lines.difference')} ${signedText(line.difference)}`,
                line.difference_value === null || line.purchase_currency === null
                  ? null
                  : money(locale, line.difference_value, line.purchase_currency),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          {open ? (
            <CountedInput countId={count.id} line={line} onLine={onLine} />
          ) : (
            <Typography sx={numberSx}>{`${translate('terms.counted')} ${line.counted ?? '—'}`}</Typography>
          )}
        </Box>
      ))}
    </Stack>
  )
}

/** A difference larger than the warehouse expects of a count */
function FlaggedMark() {
  const translate = useTranslate()
  return (
    <Tooltip title={translate('counts.review.flagged')}>
      <WarningAmberIcon
        color="warning"
        fontSize="small"
        aria-label={translate('counts.review.flagged')}
        sx={{ ml: 0.5, verticalAlign: 'middle' }}
      />
    </Tooltip>
  )
}

/** The question before applying a count with large differences: each such line by product, place and difference. */
function FlaggedLines({ lines }: { lines: StockCountLine[] }) {
  const translate = useTranslate()
  const locale = useLocale()
  return (
    <>
      <Typography>{translate('counts.review.flagged_question', { smart_count: lines.length })}</Typography>
      <Box component="ul" sx={{ pl: 2.5, mb: 0 }} aria-label={translate('counts.review.flagged')}>
        {lines.map((line) => (
          <li key={line.id}>
            {`${productLabel(line.product)} · ${line.location_name}: ${signedText(line.difference ?? 0)}`}
            {line.difference_value !== null &&
              line.purchase_currency !== null &&
              ` (${money(locale, line.difference_value, line.purchase_currency)})`}
          </li>
        ))}
      </Box>
    </>
  )
}
