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
