// The list of one kind of document (counts, transfers; purchase and seller orders next): react-admin's <List>,
// newest first, DOCUMENT_PAGE_SIZE at a time with the translated pager, a table on a desktop and a <SimpleList> on a
// phone, and a sentence in the reader's language while it loads, when it fails and when there is nothing yet.
import type { ReactElement, ReactNode } from 'react'
import { Datagrid, List, SimpleList, TopToolbar, type SimpleListProps } from 'react-admin'
import { useListContext, type RaRecord } from 'ra-core'
import { DOCUMENT_PAGE_SIZE } from '../../contract/constants'
import { ListMessage } from './ListMessage'
import { ListPagination } from './listPagination'
import { usePhone } from './usePhone'
import { useTranslate, type MessageKey } from './translate'
import { TableScroll } from './TableScroll'

interface DocumentListProps<Document extends RaRecord> {
  /** the API's name of the documents, as their <Resource> has it */
  resource: string
  /** the page's title, which also names the table and the phone's list */
  title: MessageKey
  /** said when there are no documents yet */
  empty: MessageKey
  /** beside the title: making a new document */
  action?: ReactNode
  /** react-admin's filter inputs above the list (a search, a status) */
  filters?: ReactElement[]
  /** where a click on a document leads; nowhere when it has no page of its own */
  rowClick?: (id: Document['id']) => string
  /** a document as a line of the phone's list */
  phone: Pick<SimpleListProps<Document>, 'primaryText' | 'secondaryText' | 'tertiaryText'>
  /** the table's columns on a desktop */
  children: ReactNode
}

export function DocumentList<Document extends RaRecord>({
  resource,
  title,
  action,
  filters,
  children,
  ...rows
}: DocumentListProps<Document>) {
  return (
    <List
      resource={resource}
      title={title}
      actions={<TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center' }}>{action}</TopToolbar>}
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={DOCUMENT_PAGE_SIZE}
      pagination={<ListPagination rowsPerPageOptions={[]} />}
      empty={false}
      sx={{ maxWidth: 1100 }}
    >
      <DocumentRows<Document> title={title} {...rows}>
        {children}
      </DocumentRows>
    </List>
  )
}

function DocumentRows<Document extends RaRecord>({
  title,
  empty,
  rowClick,
  phone,
  children,
}: Omit<DocumentListProps<Document>, 'action' | 'resource' | 'filters'>) {
  const translate = useTranslate()
  const isPhone = usePhone()
  const { data, isPending, error } = useListContext<Document>()
  if (isPending || error || !data?.length) return <ListMessage pending={isPending} error={error} empty={translate(empty)} />
  const click = rowClick ?? false
  // react-admin fades the third text (a status, an action): here it is read and tapped, so it keeps its contrast
  if (isPhone)
    return (
      <SimpleList<Document> aria-label={translate(title)} rowClick={click} sx={{ '& .RaSimpleList-tertiary': { opacity: 1 } }} {...phone} />
    )
  return (
    <TableScroll>
      <Datagrid aria-label={translate(title)} rowClick={click} bulkActionButtons={false} size="small">
        {children}
      </Datagrid>
    </TableScroll>
  )
}
