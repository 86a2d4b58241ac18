// "Transfer" on the stock tab: the transfer form for this product, with its amount per location.
import { useState } from 'react'
import { Button } from '@mui/material'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz'
import type { Product } from '../../../contract'
import { TransferDialog } from './TransferDialog'
import { productLabel } from './transferForm'
import { useTranslate } from '../translate'

export function TransferButton({ product, onDone }: { product: Product; onDone: () => void }) {
  const translate = useTranslate()
  const [open, setOpen] = useState(false)
  const levels = new Map(product.stock_items.map((item) => [item.location_id, item.amount]))
  return (
    <>
      <Button variant="outlined" startIcon={<SwapHorizIcon />} onClick={() => setOpen(true)} sx={{ mt: 1 }}>
        {translate('terms.transfer')}
      </Button>
      {open && (
        <TransferDialog
          open
          product={{ id: product.id, label: productLabel(product), levels }}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false)
            onDone()
          }}
        />
      )}
    </>
  )
}
