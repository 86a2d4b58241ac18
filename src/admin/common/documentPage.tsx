// The one page of a document list (counts, transfers): newest first, DOCUMENT_PAGE_SIZE at a time, with the pager.
import { useState } from 'react'
import { useGetList, type RaRecord } from 'ra-core'
import { DOCUMENT_PAGE_SIZE } from '../../contract/constants'
import { TranslatedPagination } from './TranslatedPagination'

/** The documents of the page shown, and the page to show. */
export function useDocumentPage<Document extends RaRecord>(resource: string) {
  const [page, setPage] = useState(1)
  const list = useGetList<Document>(resource, {
    pagination: { page, perPage: DOCUMENT_PAGE_SIZE },
    sort: { field: 'id', order: 'DESC' },
  })
  return { ...list, page, setPage }
}

/** The pager under a document list, when there is more than one page. */
export function DocumentPager({ total = 0, page, setPage }: { total?: number; page: number; setPage: (page: number) => void }) {
  if (total <= DOCUMENT_PAGE_SIZE) return null
  return (
    <TranslatedPagination
      count={total}
      page={page - 1}
      rowsPerPage={DOCUMENT_PAGE_SIZE}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => setPage(next + 1)}
    />
  )
}
