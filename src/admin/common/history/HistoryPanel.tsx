// The History of one record (product, brand, organization, warehouse, user): its rows of the audit trail, newest
// first, each opening its change. Only super-users read the audit trail, so only they see the panel.
import { useState } from 'react'
import { Box, Button, Card, CardContent, Typography } from '@mui/material'
import HistoryIcon from '@mui/icons-material/History'
import { useGetList } from 'ra-core'
import type { AuditEntityType, AuditEntry } from '../../../contract'
import { ListMessage } from '../ListMessage'
import { session } from '../../providers/session'
import { AuditRows } from './AuditRows'
import { useTranslate } from '../translate'

const PAGE = 10

export function HistoryPanel({ entity, id, variant = 'card' }: { entity: AuditEntityType; id: number; variant?: 'card' | 'plain' }) {
  if (!session.holds('administer')) return null
  const body = <History entity={entity} id={id} />
  if (variant === 'plain') return body
  return (
    <Card variant="outlined" data-testid={`history-${entity}-${id}`} sx={{ mt: 2 }}>
      <CardContent>{body}</CardContent>
    </Card>
  )
}

function History({ entity, id }: { entity: AuditEntityType; id: number }) {
  const translate = useTranslate()
  const [shown, setShown] = useState(PAGE)
  const {
    data,
    total = 0,
    isPending,
    error,
    refetch,
  } = useGetList<AuditEntry>('audit', {
    // a product's History has its bookings too, each naming what it was
    filter: entity === 'product' ? { product_id: id } : { entity_type: entity, entity_id: id },
    pagination: { page: 1, perPage: shown },
  })
  return (
    <Box>
      <Typography variant="subtitle1" component="h2">
        {translate('history.title')}
      </Typography>
      {isPending || error || !data?.length ? (
        <ListMessage pending={isPending} error={error} empty={translate('history.empty')} />
      ) : (
        <AuditRows entries={data} onUndone={() => void refetch()} showKind={entity === 'product'} />
      )}
      {total > shown && (
        <Button size="small" onClick={() => setShown(shown + PAGE)} sx={{ mt: 1 }}>
          {translate('history.more')}
        </Button>
      )}
    </Box>
  )
}

/** A record in a list (a brand, a warehouse, a user card): its History opens below it on request. */
export function HistoryToggle({ entity, id }: { entity: AuditEntityType; id: number }) {
  const translate = useTranslate()
  const [open, setOpen] = useState(false)
  if (!session.holds('administer')) return null
  return (
    <Box sx={{ mt: 1 }}>
      <Button size="small" startIcon={<HistoryIcon />} aria-expanded={open} onClick={() => setOpen(!open)}>
        {translate('history.title')}
      </Button>
      {open && <History entity={entity} id={id} />}
    </Box>
  )
}
