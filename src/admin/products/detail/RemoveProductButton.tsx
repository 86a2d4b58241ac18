// Remove with its confirmation (SPEC §2): 'Remove product?', Close or Remove; then back to the list, saying so.
// A failed removal says why (the old app swallowed it).
import { useState } from 'react'
import { Button } from '@mui/material'
import DeleteIcon from '@mui/icons-material/Delete'
import { Confirm } from 'react-admin'
import { useDelete, useNotify, useRedirect } from 'ra-core'
import type { Product } from '../../../contract'
import { productRef } from './ProductBreadcrumb'
import { useTranslate } from '../../common/translate'

export function RemoveProductButton({ product }: { product: Product }) {
  const translate = useTranslate()
  const notify = useNotify()
  const redirect = useRedirect()
  const [open, setOpen] = useState(false)
  const [remove, { isPending }] = useDelete<Product>()

  const confirm = () =>
    remove(
      'products',
      { id: product.id, previousData: product },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false)
          notify('product_detail.removed', { type: 'success', messageArgs: { name: productRef(product) } })
          redirect('/products')
        },
        onError: (error) => {
          setOpen(false)
          notify('product_detail.remove_failed', { type: 'error', messageArgs: { message: (error as Error).message } })
        },
      },
    )

  return (
    <>
      <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        {translate('terms.remove')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="product_detail.remove_title"
        content="product_detail.remove_content"
        cancel="terms.close"
        confirm="terms.remove"
        confirmColor="warning"
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
