// Paging under react-admin's lists. On a phone or tablet react-admin falls back to MUI's own pager, whose next and
// previous buttons it leaves named in English: here they are named in the reader's language, as on the lists paged
// by hand (TranslatedPagination).
import type { TablePaginationProps } from '@mui/material'
import { Pagination, type PaginationProps } from 'react-admin'
import { PAGE_SIZES } from '../../contract/constants'
import { useTranslate } from './translate'

export function ListPagination(props: PaginationProps) {
  const translate = useTranslate()
  // react-admin hands MUI's own props on to MUI's pager on a small screen, though its type leaves this one out
  const named: Pick<TablePaginationProps, 'getItemAriaLabel'> = {
    getItemAriaLabel: (type) => translate(type === 'next' ? 'ra.navigation.next' : 'ra.navigation.previous'),
  }
  return <Pagination {...(named as PaginationProps)} {...props} />
}

/** The catalogue and users lists, with the page sizes of the spec. */
export const listPagination = <ListPagination rowsPerPageOptions={[...PAGE_SIZES]} />
