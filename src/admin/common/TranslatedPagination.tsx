// MUI's table pager with its texts in the reader's language (react-admin's own keys): the range, the rows-per-page
// label and the next/previous buttons' names. The one pager of the screens that page by hand.
import { TablePagination, type TablePaginationProps } from '@mui/material'
import { useTranslate } from './translate'

type Props = Omit<TablePaginationProps<'div'>, 'component' | 'labelDisplayedRows' | 'labelRowsPerPage' | 'getItemAriaLabel'>

export function TranslatedPagination(props: Props) {
  const translate = useTranslate()
  return (
    <TablePagination
      component="div"
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) =>
        translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
      }
      getItemAriaLabel={(type) => translate(type === 'next' ? 'ra.navigation.next' : 'ra.navigation.previous')}
      {...props}
    />
  )
}

/** Pages of a fixed size, counted from 1; nothing while everything fits on one. */
export function PageNumbers({
  total = 0,
  perPage,
  page,
  setPage,
}: {
  total?: number
  perPage: number
  page: number
  setPage: (page: number) => void
}) {
  if (total <= perPage) return null
  return (
    <TranslatedPagination
      count={total}
      page={page - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => setPage(next + 1)}
    />
  )
}
