// The products list (SPEC §2, §4): warehouse selector, filter row, the table with its sort cycle, the footer
// with count, pages and page size, and Add product. react-admin's List keeps filters, sort, page, size and
// warehouse in its store, so they survive going into a product and back.
import { useMemo, useState, type MouseEvent } from 'react'
import { Box, Button, Collapse, Link, alpha, useMediaQuery, useTheme, type Theme } from '@mui/material'
import FilterListIcon from '@mui/icons-material/FilterList'
import { amber } from '@mui/material/colors'
import { ColumnsButton, DataTable, List } from 'react-admin'
import { useListContext, useNotify, type SortPayload } from 'ra-core'
import { Link as RouterLink } from 'react-router-dom'
import { locationIdOfCode } from '../../contract/location-codes'
import { isBrokenProductBarcode } from '../../contract/barcodes'
import { useQueryClient } from '@tanstack/react-query'
import { isLoadedSku, signalScan, useScan } from '../common/scanning'
import type { Product, ProductSummary } from '../../contract'
import { PAGE_SIZES } from '../../contract/constants'
import { ListMessage } from '../common/ListMessage'
import { useStateResetOn } from '../common/useStateResetOn'
import { session } from '../providers/session'
import { AddProductDialog } from './AddProductDialog'
import { INITIAL_SORT, nextSort } from './list/sorting'
import { highlightSince, isHighlighted } from './list/highlight'
import { ProductFilters, ScannedBarcodeChip } from './list/ProductFilters'
import { ProductPagination } from './list/ProductPagination'
import { Thumbnail } from './list/Thumbnail'
import { OptionFilter } from './list/OptionFilter'
import { TEXT_FILTERS, useFilters, withFilter } from './list/filters'
import { CompactProductList } from './list/CompactProductList'
import { BelowMinFilter, StockWithMark } from './list/BelowMin'
import { PrintSelectedLabels } from './list/PrintSelectedLabels'
import { ListExportButton } from '../common/ExportButton'
import { useTranslate } from '../common/translate'
import { usePhone } from '../common/usePhone'

export default function ProductList() {
  return (
    <List sort={INITIAL_SORT} perPage={PAGE_SIZES[0]} actions={false} empty={false} exporter={false} pagination={<ProductPagination />}>
      <ProductTable />
    </List>
  )
}

// amber on a light page; on a dark one a tint of it, so the text stays readable
const highlightedRow = { bgcolor: (theme: Theme) => (theme.palette.mode === 'dark' ? alpha(amber[700], 0.35) : amber[100]) }

function ProductTable() {
  const translate = useTranslate()
  const notify = useNotify()
  const queryClient = useQueryClient()
  const { data = [], total = 0, error, sort, setSort, page, perPage } = useListContext<ProductSummary>()
  const { filterValues, setFilters } = useFilters()
  const since = useMemo(() => highlightSince(), [])
  const theme = useTheme()
  // below a laptop's width the seven columns do not fit: a list of cards, as react-admin's demo does
  const compact = useMediaQuery(theme.breakpoints.down('md'))
  const phone = usePhone()
  const [filtersOpen, setFiltersOpen] = useState(false)
  // a scanned code filters the list, alone (the typed text filters would hide it): a known SKU by SKU, else by barcode
  useScan((code) => {
    if (locationIdOfCode(code) !== undefined) return false
    // a cut-off or misread EAN would filter for a barcode no product has, and hide the list
    if (isBrokenProductBarcode(code)) {
      signalScan('missed')
      notify('floor.scan.barcode_broken', { type: 'warning', messageArgs: { code } })
      return true
    }
    const alone = [...TEXT_FILTERS, 'barcode'].reduce((filters, name) => withFilter(filters, name, undefined), filterValues)
    setFilters(withFilter(alone, isLoadedSku(queryClient, code) ? 'sku' : 'barcode', code))
    return true
  })
  // products added here go to the top of the page until the list is sorted, filtered or paged again (SPEC §4)
  const [added, setAdded] = useStateResetOn<ProductSummary[]>([], JSON.stringify([sort, filterValues, page, perPage]))

  const addedIds = new Set(added.map((product) => product.id))
  const fresh = (product: ProductSummary) => data.find((row) => row.id === product.id) ?? product
  const rows = [...added.map(fresh), ...data.filter((product) => !addedIds.has(product.id))]
  // over several warehouses of all, the server neither sorts nor filters by stock: one warehouse at a time
  const seen = session.warehousesSeen()
  const stockOrdered = seen === 'all' || seen.length === 1 || filterValues.warehouse_id !== undefined
  const activeFilters = [...TEXT_FILTERS, 'brand_id', 'barcode'].filter((name) => filterValues[name] !== undefined).length

  return (
    <>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          {/* the Stock column shows the stock of the chosen warehouse */}
          <OptionFilter
            filter="warehouse_id"
            resource="warehouses"
            nameField="warehouse_name"
            label={translate('terms.warehouse')}
            noFilterLabel={translate('products.list.global')}
            width={260}
          />
          {stockOrdered && <BelowMinFilter />}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            {/* the table's columns, Incoming among them, are shown or hidden here; cards have none */}
            {!compact && <ColumnsButton />}
            <ListExportButton path="products" />
            {session.holds('catalogue.write') && (
              <AddProductDialog onCreated={(product: Product) => setAdded((before) => [product, ...before])} />
            )}
          </Box>
        </Box>
        {compact && phone ? (
          // on a phone the text filters fold behind one button, so the list starts on the first screen
          <>
            <Button
              variant="outlined"
              startIcon={<FilterListIcon />}
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen(!filtersOpen)}
              sx={{ alignSelf: 'flex-start', minHeight: 44 }}
            >
              {activeFilters > 0
                ? translate('products.list.filters_on', { count: activeFilters })
                : translate('products.list.show_filters')}
            </Button>
            <ScannedBarcodeChip />
            <Collapse in={filtersOpen}>
              <ProductFilters chip={false} />
            </Collapse>
          </>
        ) : (
          <ProductFilters />
        )}
      </Box>
      {compact ? (
        <CompactProductList
          rows={rows}
          highlighted={(record) => addedIds.has(record.id) || isHighlighted(record, since)}
          empty={<ListMessage error={error} empty={translate('products.list.no_results')} />}
        />
      ) : (
        <DataTable<ProductSummary>
          data={rows}
          total={Math.max(total, rows.length)}
          setSort={(clicked: SortPayload) => setSort(nextSort(sort, clicked.field))}
          rowClick={(id) => `/products/${id}`}
          rowSx={(record) => (addedIds.has(record.id) || isHighlighted(record, since) ? highlightedRow : {})}
          // a selection prints its labels
          bulkActionButtons={<PrintSelectedLabels />}
          // codes such as SKU-0001 stay on one line
          sx={{ '& .column-sku, & .column-sku_amazon, & .column-article_number': { whiteSpace: 'nowrap' } }}
          // a failed load says why instead of claiming that nothing matches
          empty={<ListMessage error={error} empty={translate('products.list.no_results')} />}
          // most products have nothing on its way: Incoming waits in the column chooser until asked for
          hiddenColumns={['incoming']}
        >
          <DataTable.Col
            source="image_url"
            label="products.list.image"
            disableSort
            render={(record: ProductSummary) => <Thumbnail url={record.image_url} />}
          />
          <DataTable.Col source="sku" disableSort />
          <DataTable.Col source="sku_amazon" disableSort />
          {/* a real link: a keyboard or a screen reader opens the product from here, the mouse anywhere on the row */}
          <DataTable.Col
            source="article_number"
            render={(record: ProductSummary) => (
              <Link component={RouterLink} to={`/products/${record.id}`} onClick={(event: MouseEvent) => event.stopPropagation()}>
                {record.article_number ?? translate('product_detail.unnamed', { id: record.id })}
              </Link>
            )}
          />
          <DataTable.Col source="description" disableSort />
          <DataTable.Col source="brand.brand_name" label="resources.products.fields.brand_id" disableSort />
          <DataTable.Col
            source="stock"
            align="right"
            disableSort={!stockOrdered}
            render={(record: ProductSummary) => <StockWithMark product={record} />}
          />
          <DataTable.NumberCol source="incoming" disableSort />
        </DataTable>
      )}
    </>
  )
}
