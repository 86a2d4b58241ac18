// /stock_counts: the counts, newest first, a page at a time, and "Open a count".
import { useState } from 'react'
import { Button } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import dayjs from 'dayjs'
import { FunctionField } from 'react-admin'
import { useNavigate } from 'react-router-dom'
import type { StockCountSummary } from '../../contract'
import { DocumentList } from '../common/DocumentList'
import { CountStatus } from './CountStatus'
import { OpenCountDialog } from './OpenCountDialog'
import { useTranslate, type Translate } from '../common/translate'

const when = (count: StockCountSummary) => dayjs(count.created_at).format('YYYY-MM-DD HH:mm')
const nameOf = (translate: Translate, count: StockCountSummary) =>
  `${translate('counts.name', { id: count.id })}${count.blind ? ` · ${translate('counts.blind')}` : ''}`

export default function CountList() {
  const translate = useTranslate()
  const navigate = useNavigate()
  const [opening, setOpening] = useState(false)
  return (
    <>
      <DocumentList<StockCountSummary>
        resource="stock_counts"
        title="terms.counts"
        empty="counts.empty"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpening(true)}>
            {translate('terms.open_count')}
          </Button>
        }
        rowClick={(id) => `/stock_counts/${id}`}
        phone={{
          primaryText: (count) => `${nameOf(translate, count)} · ${count.warehouse_name}`,
          secondaryText: (count) => `${when(count)} · ${count.lines_counted} / ${count.lines_total}`,
          tertiaryText: (count) => <CountStatus status={count.status} />,
        }}
      >
        <FunctionField<StockCountSummary>
          label="counts.columns.count"
          sortable={false}
          sx={{ whiteSpace: 'nowrap' }}
          render={(count) => nameOf(translate, count)}
        />
        <FunctionField<StockCountSummary> label="terms.warehouse" sortable={false} render={(count) => count.warehouse_name} />
        <FunctionField<StockCountSummary>
          label="counts.columns.status"
          sortable={false}
          render={(count) => <CountStatus status={count.status} />}
        />
        <FunctionField<StockCountSummary>
          label="terms.counted"
          sortable={false}
          sx={{ whiteSpace: 'nowrap' }}
          render={(count) => `${count.lines_counted} / ${count.lines_total}`}
        />
        <FunctionField<StockCountSummary> label="counts.columns.created" sortable={false} sx={{ whiteSpace: 'nowrap' }} render={when} />
        <FunctionField<StockCountSummary> label="terms.user" sortable={false} render={(count) => count.user?.username} />
      </DocumentList>
      {opening && <OpenCountDialog onClose={() => setOpening(false)} onOpened={(count) => navigate(`/stock_counts/${count.id}`)} />}
    </>
  )
}
