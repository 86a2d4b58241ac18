// /audit (super-users): the audit trail newest first, filtered by user, kind of record, action and date range; each
// row opens its change field by field, and a change that can be taken back offers Undo. An import or a revert is one
// entry there, which opens to the list of its rows (the same filters apply). Exports what it shows.
import { useState } from 'react'
import { Alert, Box, Button, Card, MenuItem, Stack, TextField, Typography } from '@mui/material'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import { Title } from 'react-admin'
import { useGetList, useStore } from 'ra-core'
import { TranslatedPagination } from '../common/TranslatedPagination'
import dayjs from 'dayjs'
import type { AuditEntry, User } from '../../contract'
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '../../contract/audit'
import { ListMessage } from '../common/ListMessage'
import { ExportButton } from '../common/ExportButton'
import { session } from '../providers/session'
import { AuditRows } from '../common/history/AuditRows'
import { useTranslate } from '../common/translate'

interface Filters {
  user_id?: number
  entity_type?: string
  action?: string
  /** days as the date inputs hold them (YYYY-MM-DD), in the reader's time zone */
  from?: string
  to?: string
}

/** The filters as the API takes them: a day range becomes the moments its days start and end where the reader is. */
export function auditQuery({ from, to, ...filters }: Filters) {
  return {
    ...filters,
    since: from ? dayjs(from).startOf('day').toISOString() : undefined,
    until: to ? dayjs(to).add(1, 'day').startOf('day').toISOString() : undefined,
  }
}

export default function AuditPage() {
  const translate = useTranslate()
  if (!session.holds('administer'))
    return (
      <Box sx={{ mt: 2 }}>
        <Title title="terms.audit_trail" />
        <Alert severity="info">{translate('audit.forbidden')}</Alert>
      </Box>
    )
  return <AuditTrail />
}

function AuditTrail() {
  const translate = useTranslate()
  const [filters, setFilters] = useStore<Filters>('audit.filters', {})
  const [page, setPage] = useState(0)
  const [perPage, setPerPage] = useState(25)
  // the entry whose rows are listed instead of the trail
  const [partOf, setPartOf] = useState<AuditEntry>()
  const query = { ...auditQuery(filters), part_of: partOf?.id }
  const openParts = (entry: AuditEntry | undefined) => {
    setPage(0)
    setPartOf(entry)
  }
  const {
    data,
    total = 0,
    isPending,
    error,
    refetch,
  } = useGetList<AuditEntry>('audit', {
    filter: query,
    pagination: { page: page + 1, perPage },
  })
  const { data: users } = useGetList<User>('users', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'username', order: 'ASC' } })
  const change = (next: Partial<Filters>) => {
    setPage(0)
    setFilters({ ...filters, ...next })
  }
  const select = (name: 'user_id' | 'entity_type' | 'action', label: string, options: { value: string | number; label: string }[]) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[name] ?? ''}
      onChange={(event) => change({ [name]: event.target.value === '' ? undefined : event.target.value })}
      sx={{ minWidth: 170 }}
    >
      <MenuItem value="">{translate('terms.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  )

  return (
    <Box sx={{ mt: 2, mb: 2 }}>
      <Title title="terms.audit_trail" />
      <Card>
        <Stack
          direction="row"
          sx={{ p: 2, gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
          role="search"
          aria-label={translate('terms.audit_trail')}
        >
          {select(
            'user_id',
            translate('terms.user'),
            (users ?? []).map((u) => ({ value: u.id, label: u.username })),
          )}
          {select(
            'entity_type',
            translate('terms.kind_of_record'),
            AUDIT_ENTITY_TYPES.map((kind) => ({ value: kind, label: translate(`audit.kinds.${kind}`) })),
          )}
          {select(
            'action',
            translate('terms.action'),
            AUDIT_ACTIONS.map((action) => ({ value: action, label: translate(`audit.actions.${action}`) })),
          )}
          {(['from', 'to'] as const).map((name) => (
            <TextField
              key={name}
              size="small"
              type="date"
              label={translate(name === 'from' ? 'terms.from' : 'audit.filters.until')}
              value={filters[name] ?? ''}
              onChange={(event) => change({ [name]: event.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 170 }}
            />
          ))}
          <Box sx={{ flex: 1 }} />
          <ExportButton path="audit" query={query} />
        </Stack>
        {partOf && (
          <Stack direction="row" sx={{ px: 2, pb: 1, gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button startIcon={<ArrowBackIcon />} onClick={() => openParts(undefined)} sx={{ minHeight: 44 }}>
              {translate('audit.all_entries')}
            </Button>
            <Typography variant="subtitle1" component="h2">
              {translate('audit.parts_of', { id: partOf.id })}
            </Typography>
          </Stack>
        )}
        {isPending || error || !data?.length ? (
          <ListMessage pending={isPending} error={error} empty={translate('audit.empty')} />
        ) : (
          <AuditRows entries={data} onUndone={() => void refetch()} onOpenParts={partOf ? undefined : openParts} />
        )}
        <TranslatedPagination
          count={total}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value))
            setPage(0)
          }}
        />
      </Card>
    </Box>
  )
}
