// /stock_counts: the counts, newest first, a page at a time, and "Open a count".
import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import dayjs from 'dayjs'
import { Title } from 'react-admin'
import { useNavigate } from 'react-router-dom'
import type { StockCountSummary } from '../../contract'
import { usePhone } from '../common/usePhone'
import { DocumentPager, useDocumentPage } from '../common/documentPage'
import { CountStatus } from './CountStatus'
import { OpenCountDialog } from './OpenCountDialog'
import { useTranslate } from '../common/translate'

export default function CountList() {
  const translate = useTranslate()
  const navigate = useNavigate()
  const phone = usePhone()
  const [opening, setOpening] = useState(false)
  const { data, total, error, isPending, page, setPage } = useDocumentPage<StockCountSummary>('stock_counts')
  return (
    <Box sx={{ mt: 1, mb: 2, maxWidth: 1100 }}>
      <Title title={translate('counts.title')} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h1">
          {translate('counts.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpening(true)}>
          {translate('counts.open.button')}
        </Button>
      </Stack>
      <Card>
        <CardContent>
          {error && <Alert severity="error">{error.message}</Alert>}
          {!isPending && !error && data?.length === 0 && <Typography color="text.secondary">{translate('counts.empty')}</Typography>}
          {data && data.length > 0 && phone && (
            <List disablePadding aria-label={translate('counts.title')}>
              {data.map((count) => (
                <ListItemButton key={count.id} divider onClick={() => navigate(`/stock_counts/${count.id}`)} sx={{ px: 0 }}>
                  <ListItemText
                    primary={`${translate('counts.name', { id: count.id })} · ${count.warehouse_name}${count.blind ? ` · ${translate('counts.blind')}` : ''}`}
                    secondary={`${dayjs(count.created_at).format('YYYY-MM-DD HH:mm')} · ${count.lines_counted} / ${count.lines_total}`}
                  />
                  <CountStatus status={count.status} />
                </ListItemButton>
              ))}
            </List>
          )}
          {data && data.length > 0 && !phone && (
            <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
              <Table size="small" aria-label={translate('counts.title')}>
                <TableHead>
                  <TableRow>
                    {(['count', 'warehouse', 'status', 'counted', 'created', 'user'] as const).map((column) => (
                      <TableCell key={column}>{translate(`counts.columns.${column}`)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((count) => (
                    <TableRow key={count.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/stock_counts/${count.id}`)}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {translate('counts.name', { id: count.id })}
                        {count.blind ? ` · ${translate('counts.blind')}` : ''}
                      </TableCell>
                      <TableCell>{count.warehouse_name}</TableCell>
                      <TableCell>
                        <CountStatus status={count.status} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{`${count.lines_counted} / ${count.lines_total}`}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayjs(count.created_at).format('YYYY-MM-DD HH:mm')}</TableCell>
                      <TableCell>{count.user?.username}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <DocumentPager total={total} page={page} setPage={setPage} />
        </CardContent>
      </Card>
      {opening && <OpenCountDialog onClose={() => setOpening(false)} onOpened={(count) => navigate(`/stock_counts/${count.id}`)} />}
    </Box>
  )
}
