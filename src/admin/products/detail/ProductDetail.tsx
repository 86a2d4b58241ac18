// /products/{id}[/supplier|/sellers|/stock] (SPEC §2 Product detail): breadcrumb, close, 'Last edited', the four
// tabs chosen by route; while loading a text, on failure the reason (the old app only set a flag).
import { useCallback } from 'react'
import { Alert, Box, Button, Card, IconButton, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material'
import CloseIcon from '@mui/icons-material/Close'
import { Title } from 'react-admin'
import { useGetOne, type HttpError } from 'ra-core'
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom'
import type { Product } from '../../../contract'
import type { ProductTabName, ProductTabProps } from './tabs'
import { ProductBreadcrumb, productPath, useProductName } from './ProductBreadcrumb'
import { LastEdited } from '../../common/LastEdited'
import { HistoryPanel } from '../../common/history/HistoryPanel'
import ProductTab from './ProductTab'
import SupplierTab from '../supplier/SupplierTab'
import SellersTab from '../sellers/SellersTab'
import StockTab from '../stock/StockTab'
import { useTranslate } from '../../common/translate'
import { usePhone } from '../../common/usePhone'

const TABS: Record<ProductTabName, { path: string; Component: React.ComponentType<ProductTabProps> }> = {
  product: { path: '', Component: ProductTab },
  supplier: { path: '/supplier', Component: SupplierTab },
  sellers: { path: '/sellers', Component: SellersTab },
  stock: { path: '/stock', Component: StockTab },
}
const TAB_NAMES = Object.keys(TABS) as ProductTabName[]

/** The products list caches its rows under this product's key: a row lacks the detail the tabs need. */
const isDetail = (record: Product | undefined): record is Product => Array.isArray(record?.stock_warehouse_items)

export default function ProductDetail({ tab }: { tab: ProductTabName }) {
  const translate = useTranslate()
  const phone = usePhone()
  const navigate = useNavigate()
  const productName = useProductName()
  const { id = '' } = useParams()
  const validId = /^[1-9]\d{0,15}$/.test(id)
  // the id as a string, as react-admin's edit page and mutations key it, so all share one cached product
  const {
    data: product,
    error,
    refetch,
  } = useGetOne<Product, HttpError>('products', { id: id as unknown as Product['id'] }, { enabled: validId, retry: false })
  const refresh = useCallback(() => void refetch(), [refetch])
  const { Component } = TABS[tab]

  let body: React.ReactNode
  let history: React.ReactNode = null
  if (!validId || error?.status === 404) {
    body = (
      <Alert severity="error" action={<BackToList />}>
        {translate('product_detail.not_found', { id })}
      </Alert>
    )
  } else if (error) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={refresh}>
            {translate('terms.try_again')}
          </Button>
        }
      >
        {translate('product_detail.load_failed', { message: error.message })}
      </Alert>
    )
  } else if (!isDetail(product)) {
    body = <Typography role="status">{translate('product_detail.loading')}</Typography>
  } else {
    body = (
      <Card>
        {/* on a phone the four tabs share the width, each readable and none (the Stock tab) behind a scroll arrow */}
        <Tabs
          value={tab}
          variant={phone ? 'fullWidth' : 'scrollable'}
          sx={phone ? { '& .MuiTab-root': { minWidth: 0, px: 0.5, textTransform: 'none', fontSize: '0.875rem' } } : undefined}
        >
          {TAB_NAMES.map((name) => (
            <Tab
              key={name}
              value={name}
              label={translate(`product_detail.tabs.${name}`)}
              component={RouterLink}
              to={`${productPath(product.id)}${TABS[name].path}`}
            />
          ))}
        </Tabs>
        <Box sx={{ p: 2 }}>
          <Component product={product} refresh={refresh} />
        </Box>
      </Card>
    )
    history = <HistoryPanel entity="product" id={product.id} />
  }

  return (
    // minWidth 0: the tabs scroll within the page instead of widening it on a phone
    <Box sx={{ mt: 1, mb: 2, minWidth: 0 }}>
      <Title title={product ? productName(product) : translate('resources.products.name', { smart_count: 1 })} />
      <Stack direction="row" alignItems="center" spacing={{ xs: 1, sm: 2 }} useFlexGap sx={{ mb: 1, minWidth: 0, flexWrap: 'wrap' }}>
        <ProductBreadcrumb product={product} />
        <Box sx={{ flex: 1 }} />
        {product && <LastEdited at={product.updated_at} />}
        <Tooltip title={translate('terms.close')}>
          <IconButton aria-label={translate('terms.close')} onClick={() => navigate('/products')}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {body}
      {history}
    </Box>
  )
}

function BackToList() {
  const translate = useTranslate()
  return (
    <Button color="inherit" size="small" component={RouterLink} to="/products">
      {translate('product_detail.back_to_list')}
    </Button>
  )
}
