// /products/{id}/supplier (SPEC §2): the supplier, its article number, pack size and minimum order quantity, purchase
// price and currency.
// Save sends what changed to PATCH /products/{id}/supplier, then the product reloads.
import { Stack } from '@mui/material'
import { NumberInput, SaveButton, SelectInput, TextInput, required } from 'react-admin'
import { Form, useDataProvider, useNotify } from 'ra-core'
import { changedFields, type StockroomDataProvider } from '../../providers/dataProvider'
import { fieldErrorsOf } from '../../providers/http'
import { PickOrCreateInput, SUPPLIER_PICKER } from '../../common/PickOrCreate'
import type { ProductTabProps } from '../detail/tabs'
import { CURRENCY_CHOICES, emptyToNull } from '../currencies'
import { useTranslate } from '../../common/translate'

export default function SupplierTab({ product, refresh }: ProductTabProps) {
  const translate = useTranslate()
  const notify = useNotify()
  const dataProvider = useDataProvider<StockroomDataProvider>()
  const info = product.supplier_info
  const record = {
    id: product.id,
    supplier_id: info?.supplier_id ?? null,
    supplier_sku: info?.supplier_sku ?? null,
    pack_size: info?.pack_size ?? 1,
    minimum_order_quantity: info?.minimum_order_quantity ?? null,
    purchase_price: info?.purchase_price ?? null,
    purchase_currency: info?.purchase_currency ?? null,
  }

  const save = async (values: Record<string, unknown>) => {
    // the id is the record's own, so it never counts as a change
    const changes = changedFields(values, record)
    try {
      await dataProvider.updateSupplier(product.id, changes)
      notify('products.supplier.saved', { type: 'success' })
      refresh()
    } catch (failure) {
      notify((failure as Error).message, { type: 'error', messageArgs: { _: (failure as Error).message } })
      return fieldErrorsOf(failure)
    }
  }

  return (
    // a fresh form when the saved supplier data changes (after Save and reload)
    <Form key={JSON.stringify(record)} record={record} onSubmit={save}>
      <Stack spacing={1} sx={{ maxWidth: 520 }}>
        <PickOrCreateInput
          source="supplier_id"
          {...SUPPLIER_PICKER}
          label={translate('resources.products.fields.supplier_id')}
          linkToOrganization
        />
        <TextInput source="supplier_sku" resource="products" helperText={false} />
        <NumberInput source="pack_size" resource="products" step={1} min={1} validate={required()} helperText={false} />
        <NumberInput source="minimum_order_quantity" resource="products" step={1} min={0} helperText={false} />
        <NumberInput source="purchase_price" resource="products" step={0.01} min={0} helperText={false} />
        <SelectInput
          source="purchase_currency"
          resource="products"
          choices={CURRENCY_CHOICES}
          translateChoice={false}
          parse={emptyToNull}
          emptyText=""
          helperText={false}
        />
        <div>
          <SaveButton />
        </div>
      </Stack>
    </Form>
  )
}
