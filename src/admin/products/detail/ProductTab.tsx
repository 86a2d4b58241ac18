// The product tab (SPEC §2): image, the product's data, stock in total and per warehouse, its EAN-13 barcode,
// and Close, Edit and Remove.
import { useState } from 'react'
import { Box, Button, Grid, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import EditIcon from '@mui/icons-material/Edit'
import PrintIcon from '@mui/icons-material/Print'
import { Link as RouterLink } from 'react-router-dom'
import type { Product } from '../../../contract'
import { isWebUrl } from '../../../contract/constants'
import { PRODUCT_FIELD_SPECS } from '../../../contract/product-fields'
import { DETAIL_ORDER, productFieldsInOrder } from '../ProductFields'
import type { ProductTabProps } from './tabs'
import { productPath } from './ProductBreadcrumb'
import { Barcode } from '../../common/Barcode'
import { session } from '../../providers/session'
import { RemoveProductButton } from './RemoveProductButton'
import { BelowMinEntry } from './BelowMinEntry'
import { PrintLabelsDialog, productLabelItem } from '../../common/labels'
import { useTranslate, type KeysUnder } from '../../common/translate'

/** Only http(s) images are shown: any other scheme could run script or leak through a link. */

export default function ProductTab({ product }: ProductTabProps) {
  const translate = useTranslate()
  const field = (name: KeysUnder<'resources.products.fields'>) => translate(`resources.products.fields.${name}`)
  const mayChange = session.holds('catalogue.write')
  return (
    <Stack spacing={3}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 4, md: 3 }}>
          <ProductImage product={product} />
        </Grid>
        <Grid size={{ xs: 12, sm: 8, md: 9 }}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1 }}>
            <Entry label={field('description')} value={product.description} />
            <Entry label={field('brand')} value={product.brand?.brand_name} />
            {/* the image shows itself above, not as its address */}
            {productFieldsInOrder(DETAIL_ORDER)
              .filter((name) => name !== 'description' && PRODUCT_FIELD_SPECS[name].kind !== 'url')
              .map((name) => (
                <Entry key={name} label={field(name)} value={product[name]} />
              ))}
            <Entry label={translate('terms.total_stock')} value={String(product.stock)} />
            <BelowMinEntry product={product} />
          </Box>
        </Grid>
      </Grid>
      <StockPerWarehouse product={product} />
      {product.barcode && (
        <Box>
          <Barcode value={product.barcode} />
        </Box>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/products">
          {translate('terms.close')}
        </Button>
        {mayChange && (
          <Button component={RouterLink} to={`${productPath(product.id)}/edit`} variant="contained" startIcon={<EditIcon />}>
            {translate('terms.edit')}
          </Button>
        )}
        <PrintProductLabel product={product} />
        <Box sx={{ flex: 1 }} />
        {mayChange && <RemoveProductButton product={product} />}
      </Stack>
    </Stack>
  )
}

function PrintProductLabel({ product }: { product: Product }) {
  const translate = useTranslate()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button startIcon={<PrintIcon />} onClick={() => setOpen(true)}>
        {translate('floor.labels.print_one')}
      </Button>
      {open && (
        <PrintLabelsDialog
          open
          onClose={() => setOpen(false)}
          request={{ kind: 'products', query: { id: [product.id] } }}
          items={[productLabelItem(product)]}
          fileName={`label-${product.article_number ?? product.id}.pdf`}
        />
      )}
    </>
  )
}

function Entry({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Typography>
    </>
  )
}

function ProductImage({ product }: { product: Product }) {
  const translate = useTranslate()
  const [broken, setBroken] = useState<string>()
  const url = product.image_url
  if (!isWebUrl(url) || broken === url) {
    return (
      <Box
        sx={{
          aspectRatio: '1',
          maxHeight: { xs: 120, sm: 320 },
          width: '100%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          borderRadius: 1,
          color: 'text.secondary',
        }}
      >
        <Typography variant="body2">{translate(url && broken === url ? 'product_detail.image_broken' : 'terms.no_image')}</Typography>
      </Box>
    )
  }
  return (
    <Box
      component="img"
      src={url}
      alt={translate('product_detail.image_alt', { name: product.article_number ?? product.id })}
      onError={() => setBroken(url)}
      // capped in height: on a phone a tall picture would push the data below the fold
      sx={{ width: '100%', maxHeight: { xs: 200, sm: 320 }, objectFit: 'contain', borderRadius: 1 }}
    />
  )
}

function StockPerWarehouse({ product }: { product: Product }) {
  const translate = useTranslate()
  const rows = [...product.stock_warehouse_items].sort((a, b) => a.warehouse.warehouse_name.localeCompare(b.warehouse.warehouse_name))
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {translate('terms.stock_per_warehouse')}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate('product_detail.no_stock')}</Typography>
      ) : (
        <Table size="small" sx={{ maxWidth: 480 }}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('terms.warehouse')}</TableCell>
              <TableCell align="right">{translate('terms.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.warehouse_id}>
                <TableCell>{row.warehouse.warehouse_name}</TableCell>
                <TableCell align="right">{row.amount}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  )
}
