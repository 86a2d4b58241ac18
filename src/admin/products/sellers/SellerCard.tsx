// One seller entry of a product: seller (pick or create; a new one is saved with is_seller true), selling
// price and currency, Delete (after a confirmation) and Save.
import { Box, Card, CardActions, CardContent } from '@mui/material'
import { NumberInput, SaveButton, SelectInput } from 'react-admin'
import { Form, useDelete, useNotify, useUpdate, type Identifier } from 'ra-core'
import type { SellerInfo } from '../../../contract'
import { PickOrCreateInput, SELLER_PICKER } from '../../common/PickOrCreate'
import { DeleteConfirmButton } from '../../common/DeleteConfirmButton'
import { fieldErrorsOf } from '../../providers/http'
import { CURRENCY_CHOICES, emptyToNull } from '../currencies'
import { useTranslate } from '../../common/translate'

/** the seller entries of a product as a react-admin resource path */
export const sellersOf = (productId: Identifier) => `products/${productId}/sellers`

export function SellerCard({
  productId,
  entry,
  number,
  refresh,
}: {
  productId: Identifier
  entry: SellerInfo
  number: number
  refresh: () => void
}) {
  const translate = useTranslate()
  const notify = useNotify()
  const [update] = useUpdate()
  const [remove] = useDelete()
  const record = { id: entry.id, seller_id: entry.seller_id, selling_price: entry.selling_price, selling_currency: entry.selling_currency }
  const sellerName = entry.seller?.org_name ?? translate('products.sellers.unnamed', { number })

  const save = async (values: Record<string, unknown>) => {
    try {
      await update(
        sellersOf(productId),
        { id: entry.id, data: values, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      )
      notify('products.sellers.saved', { type: 'success' })
      refresh()
    } catch (failure) {
      notify((failure as Error).message, { type: 'error', messageArgs: { _: (failure as Error).message } })
      return fieldErrorsOf(failure)
    }
  }
  const deleteEntry = async () => {
    await remove(sellersOf(productId), { id: entry.id, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true })
    refresh()
  }

  return (
    <Card variant="outlined" component="section" aria-label={sellerName}>
      {/* a fresh form when the saved entry changes (after Save and reload) */}
      <Form key={JSON.stringify(record)} record={record} onSubmit={save}>
        <CardContent sx={{ pb: 0 }}>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 2fr) minmax(140px, 1fr) minmax(120px, 1fr)' },
              columnGap: 2,
              alignItems: 'start',
            }}
          >
            <PickOrCreateInput
              source="seller_id"
              {...SELLER_PICKER}
              label={translate('resources.products.fields.seller_id')}
              linkToOrganization
            />
            <NumberInput source="selling_price" resource="products" step={0.01} min={0} helperText={false} />
            <SelectInput
              source="selling_currency"
              resource="products"
              choices={CURRENCY_CHOICES}
              translateChoice={false}
              parse={emptyToNull}
              emptyText=""
              helperText={false}
            />
          </Box>
        </CardContent>
        <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
          <DeleteConfirmButton
            title={translate('products.sellers.delete_title', { name: sellerName })}
            content={translate('products.sellers.delete_content')}
            onConfirm={deleteEntry}
            ariaLabel={translate('products.sellers.delete_label', { name: sellerName })}
          />
          <SaveButton />
        </CardActions>
      </Form>
    </Card>
  )
}
