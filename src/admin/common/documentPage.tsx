// The one page of a document list (counts, transfers): newest first, DOCUMENT_PAGE_SIZE at a time, with the pager.
import { useState } from 'react'
import { useGetList, type RaRecord } from 'ra-core'
import { DOCUMENT_PAGE_SIZE } from '../../contract/constants'
import { PageNumbers } from './TranslatedPagination'

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
export const DocumentPager = (props: { total?: number; page: number; setPage: (page: number) => void }) => (
  <PageNumbers perPage={DOCUMENT_PAGE_SIZE} {...props} />
)
