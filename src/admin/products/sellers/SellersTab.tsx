// /products/{id}/sellers (SPEC §2): one card per seller entry, and 'Add seller' (an empty entry to fill in).
// The product reloads after each change.
import { Box, Button, Stack, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import { useState } from 'react'
import { useCreate, useNotify } from 'ra-core'
import type { ProductTabProps } from '../detail/tabs'
import { SellerCard, sellersOf } from './SellerCard'
import { useTranslate } from '../../common/translate'

export default function SellersTab({ product, refresh }: ProductTabProps) {
  const translate = useTranslate()
  const notify = useNotify()
  const [create] = useCreate()
  // set in the click itself, so a double click cannot start a second call before react-query reports the first
  const [adding, setAdding] = useState(false)

  const addSeller = async () => {
    setAdding(true)
    try {
      await create(sellersOf(product.id), { data: {} }, { returnPromise: true })
      refresh()
    } catch (failure) {
      notify((failure as Error).message, { type: 'error', messageArgs: { _: (failure as Error).message } })
    } finally {
      setAdding(false)
    }
  }

  return (
    <Stack spacing={2}>
      {product.sellers_info.length === 0 && <Typography color="text.secondary">{translate('products.sellers.none')}</Typography>}
      {product.sellers_info.map((entry, index) => (
        <SellerCard key={entry.id} productId={product.id} entry={entry} number={index + 1} refresh={refresh} />
      ))}
      <Box>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => void addSeller()} disabled={adding}>
          {translate('products.sellers.add')}
        </Button>
      </Box>
    </Stack>
  )
}
