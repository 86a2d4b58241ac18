// Paging under the lists of the catalogue and users pages, with the page sizes of the spec.
import { Pagination } from 'react-admin'
import { PAGE_SIZES } from '../../contract/constants'

export const listPagination = <Pagination rowsPerPageOptions={[...PAGE_SIZES]} />
