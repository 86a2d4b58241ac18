// The products list's bulk action: labels of the selected products, with a preview first.
import { useState } from 'react'
import { Button } from '@mui/material'
import PrintIcon from '@mui/icons-material/Print'
import { useGetMany, useListContext } from 'ra-core'
import type { ProductSummary } from '../../../contract'
import { PrintLabelsDialog, productLabelItem } from '../../common/labels'
import { useTranslate } from '../../common/translate'

export function PrintSelectedLabels() {
  const translate = useTranslate()
  const { selectedIds } = useListContext<ProductSummary>()
  const [open, setOpen] = useState(false)
  // the selection may span pages: the products are read by id
  const { data = [] } = useGetMany<ProductSummary>('products', { ids: selectedIds }, { enabled: open })
  const byId = new Map(data.map((product) => [product.id, product]))
  const selected = selectedIds.flatMap((id) => (byId.has(Number(id)) ? [byId.get(Number(id))!] : []))
  return (
    <>
      <Button size="small" startIcon={<PrintIcon />} onClick={() => setOpen(true)}>
        {translate('terms.print_labels')}
      </Button>
      {open && (
        <PrintLabelsDialog
          open
          onClose={() => setOpen(false)}
          request={{ kind: 'products', query: { id: selectedIds.map(Number) } }}
          items={selected.map(productLabelItem)}
          fileName="product-labels.pdf"
        />
      )}
    </>
  )
}
