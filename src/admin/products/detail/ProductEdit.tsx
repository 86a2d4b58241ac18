// /products/{id}/edit (SPEC §2 Edit product): breadcrumb back to the product, the product's own fields and its
// brand (pick one or create it). Save sends only what changed (the dataProvider compares with the loaded product); Cancel reloads the
// product; both return to its details. Server errors land on their fields, or in a notification.
import { Alert, Box, Button, Card, Typography } from '@mui/material'
import { SaveButton, SimpleForm, Title, Toolbar } from 'react-admin'
import { EditBase, useEditContext, useNotify, type HttpError } from 'ra-core'
import { useNavigate, useParams } from 'react-router-dom'
import type { Product } from '../../../contract'
import { ProductBreadcrumb, productPath, productRef, useProductName } from './ProductBreadcrumb'
import { DETAIL_ORDER, ProductFields } from '../ProductFields'
import { BRAND_PICKER, PickOrCreateInput } from '../../common/PickOrCreate'
import { useTranslate } from '../../common/translate'

export default function ProductEdit() {
  const notify = useNotify()
  const navigate = useNavigate()
  return (
    <EditBase<Product, HttpError>
      resource="products"
      mutationMode="pessimistic"
      // the page shows why it could not load; react-admin would leave for the list
      queryOptions={{ onError: () => undefined }}
      mutationOptions={{
        onSuccess: (saved: Product) => {
          notify('product_detail.edit_page.saved', { type: 'success', messageArgs: { name: productRef(saved) } })
          navigate(productPath(saved.id))
        },
      }}
    >
      <ProductEditView />
    </EditBase>
  )
}

function ProductEditView() {
  const translate = useTranslate()
  const productName = useProductName()
  const { id = '' } = useParams()
  const { record, error } = useEditContext<Product, HttpError>()
  const title = record ? translate('product_detail.edit_page.title', { name: productName(record) }) : translate('terms.edit')

  let body: React.ReactNode
  if (error) {
    body = (
      <Alert severity="error">
        {error.status === 404
          ? translate('product_detail.not_found', { id })
          : translate('product_detail.load_failed', { message: error.message })}
      </Alert>
    )
  } else if (!record) {
    body = <Typography role="status">{translate('product_detail.loading')}</Typography>
  } else {
    body = (
      <Card>
        <SimpleForm toolbar={<EditToolbar />} sx={{ maxWidth: 720 }}>
          <ProductFields layout="page" first={DETAIL_ORDER} labels={{ description: 'product_detail.edit_page.short_description' }} />
          <Box sx={{ width: '100%', mb: 2 }}>
            <PickOrCreateInput source="brand_id" {...BRAND_PICKER} label={translate('resources.products.fields.brand_id')} />
          </Box>
        </SimpleForm>
      </Card>
    )
  }

  return (
    <Box sx={{ mt: 1, mb: 2 }}>
      <Title title={title} />
      {/* as high as the details' row with its close button, so the breadcrumb stays put between the two */}
      <Box sx={{ mb: 1, minHeight: 40, display: 'flex', alignItems: 'center' }}>
        <ProductBreadcrumb product={record} current={translate('terms.edit')} />
      </Box>
      {body}
    </Box>
  )
}

function EditToolbar() {
  const translate = useTranslate()
  const navigate = useNavigate()
  const { record } = useEditContext<Product>()
  return (
    <Toolbar sx={{ gap: 1 }}>
      {/* the details page reads the product from the server again on opening: what was typed here is dropped */}
      <Button onClick={() => record && navigate(productPath(record.id))}>{translate('terms.cancel')}</Button>
      <SaveButton label="terms.save" />
    </Toolbar>
  )
}
