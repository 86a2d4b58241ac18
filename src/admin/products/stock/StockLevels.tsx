// Total stock and the stock per warehouse and location (SPEC §2): only amounts other than 0, warehouses by name; what
// purchase orders have on its way to a warehouse in a column beside its stock, shown once something is.
import { Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import type { Product } from '../../../contract'
import { compareNames } from '../../common/mutationFormState'
import { useTranslate } from '../../common/translate'

export interface WarehouseLevel {
  warehouseId: number
  name: string
  amount: number
  incoming: number
  locations: { locationId: number; name: string; amount: number }[]
}

/** The warehouses that hold stock of the product or have some on its way, each with the locations that hold some. */
export function warehouseLevels(product: Pick<Product, 'stock_warehouse_items' | 'stock_items'>): WarehouseLevel[] {
  return (
    product.stock_warehouse_items
      .map((item) => ({
        warehouseId: item.warehouse_id,
        name: item.warehouse.warehouse_name,
        amount: item.amount,
        incoming: item.incoming,
        locations: product.stock_items
          .filter((level) => level.warehouse_id === item.warehouse_id && level.amount !== 0)
          .map((level) => ({ locationId: level.location_id, name: level.location.location_name, amount: level.amount }))
          .sort((a, b) => compareNames(a.name, b.name)),
      }))
      // +5 in one location and -5 in another add up to 0 in the warehouse, yet both locations are worth seeing
      .filter((warehouse) => warehouse.amount !== 0 || warehouse.incoming !== 0 || warehouse.locations.length > 0)
      .sort((a, b) => compareNames(a.name, b.name))
  )
}

const amountSx = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

// the incoming column keeps apart from the stock beside it
const incomingSx = { ...amountSx, pl: 2, pr: 0 } as const

export function StockLevels({ product }: { product: Product }) {
  const translate = useTranslate()
  const levels = warehouseLevels(product)
  const withIncoming = levels.some((warehouse) => warehouse.incoming !== 0)
  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {translate('terms.total_stock')}
          </Typography>
          <Typography variant="h5" component="p" data-testid="stock-total" sx={amountSx}>
            {product.stock}
          </Typography>
        </Box>
        {product.incoming !== 0 && (
          <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1, color: 'text.secondary' }}>
            <Typography variant="body2">{translate('terms.incoming')}</Typography>
            <Typography variant="body1" component="p" data-testid="incoming-total" sx={amountSx}>
              {product.incoming}
            </Typography>
          </Box>
        )}
        <Typography variant="subtitle2" component="h3" color="text.secondary">
          {translate('terms.stock_per_warehouse')}
        </Typography>
        {levels.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('stock.levels.empty')}
          </Typography>
        ) : (
          <Table size="small" aria-label={translate('terms.stock_per_warehouse')}>
            {withIncoming && (
              <TableHead>
                <TableRow>
                  <TableCell sx={{ px: 0 }}>{translate('terms.warehouse')}</TableCell>
                  <TableCell align="right" sx={{ px: 0 }}>
                    {translate('terms.on_hand')}
                  </TableCell>
                  <TableCell align="right" sx={{ pl: 2, pr: 0 }}>
                    {translate('terms.incoming')}
                  </TableCell>
                </TableRow>
              </TableHead>
            )}
            <TableBody>
              {levels.map((warehouse) => [
                <TableRow key={`w${warehouse.warehouseId}`} data-testid="warehouse-level">
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, px: 0 }}>
                    {warehouse.name}
                  </TableCell>
                  <TableCell align="right" sx={{ ...amountSx, fontWeight: 600, px: 0 }}>
                    {warehouse.amount}
                  </TableCell>
                  {withIncoming && (
                    <TableCell align="right" sx={incomingSx} data-testid="warehouse-incoming">
                      {warehouse.incoming}
                    </TableCell>
                  )}
                </TableRow>,
                ...warehouse.locations.map((location) => (
                  <TableRow key={`l${location.locationId}`} data-testid="location-level">
                    <TableCell sx={{ pl: 2, pr: 0, color: 'text.secondary' }}>{location.name}</TableCell>
                    <TableCell align="right" sx={{ ...amountSx, px: 0, color: 'text.secondary' }}>
                      {location.amount}
                    </TableCell>
                    {/* what comes is for the warehouse: a location learns of it when it is received there */}
                    {withIncoming && <TableCell sx={incomingSx} />}
                  </TableRow>
                )),
              ])}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}
