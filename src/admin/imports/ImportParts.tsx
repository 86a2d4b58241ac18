// Pieces of the import screens: the problems of a report as a table, and its figures.
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import type { ImportProblem, ImportReport } from '../../contract'
import { useNumber } from '../common/numbers'
import { useTranslate } from '../common/translate'
import { TableScroll } from '../common/TableScroll'

/** A problem in the reader's language: its code's sentence with its values, else the server's English sentence. */
export const reasonOf = (problem: ImportProblem, translate: ReturnType<typeof useTranslate>) =>
  problem.code ? translate(`imports.reasons.${problem.code}`, { ...problem.params, _: problem.reason }) : problem.reason

export function Problems({ report }: { report: ImportReport }) {
  const translate = useTranslate()
  const { problems } = report
  if (problems.length === 0)
    return report.rows === null ? null : (
      <Typography color="success.main" sx={{ my: 1 }}>
        {translate(report.more_rows ? 'imports.no_problems_checked' : 'imports.no_problems')}
      </Typography>
    )
  const more = report.refused - new Set(problems.map((p) => p.row)).size
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('imports.problems')}
      </Typography>
      <TableScroll sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader aria-label={translate('imports.problems')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('terms.row')}</TableCell>
              <TableCell>{translate('imports.problem_column')}</TableCell>
              <TableCell>{translate('terms.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {problems.map((problem, i) => (
              <TableRow key={`${problem.row}-${i}`} data-testid="import-problem">
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{problem.row}</TableCell>
                <TableCell>{problem.column ?? '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 200 }}>{reasonOf(problem, translate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('imports.more_problems', { smart_count: more })}
        </Typography>
      )}
    </Box>
  )
}

export function Figures({ report }: { report: ImportReport }) {
  const translate = useTranslate()
  const number = useNumber()
  const figures =
    report.kind === 'products'
      ? (['rows', 'created', 'updated', 'unchanged', 'refused'] as const)
      : (['rows', 'booked', 'refused'] as const)
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', my: 1 }} data-testid="import-figures">
      {figures.map((figure) => (
        <Chip
          key={figure}
          color={figure === 'refused' && report.refused > 0 ? 'warning' : 'default'}
          label={`${translate(`imports.${figure}`)}: ${number(report[figure])}`}
        />
      ))}
    </Stack>
  )
}
