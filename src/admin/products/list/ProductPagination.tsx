// The footer: '# Products: N', previous/next and numbered page links, and the page size (SPEC §2, §9).
import { Box, MenuItem, Pagination, PaginationItem, TextField, Typography } from '@mui/material'
import { useListContext } from 'ra-core'
import { PAGE_SIZES } from '../../../contract/constants'
import { pagerState } from './paging'
import { useTranslate } from '../../common/translate'

export function ProductPagination() {
  const translate = useTranslate()
  const { total = 0, page, perPage, setPage, setPerPage, error } = useListContext()
  const { pages, previousDisabled, nextDisabled } = pagerState(total, page, perPage)
  // after a failed load there is no count to tell
  if (error) return null

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, px: 2, py: 1 }}>
      <Typography variant="body2" sx={{ flex: '1 1 auto' }}>
        {translate('products.list.count', { count: total })}
      </Typography>
      <Pagination
        count={Math.max(pages, 1)}
        page={Math.min(page, Math.max(pages, 1))}
        onChange={(_, chosen) => setPage(chosen)}
        shape="rounded"
        size="small"
        siblingCount={1}
        getItemAriaLabel={(type, item, selected) =>
          type === 'page'
            ? translate(selected ? 'products.list.current_page' : 'products.list.go_to_page', { page: item })
            : translate(`products.list.${type === 'previous' ? 'previous' : 'next'}`)
        }
        renderItem={(item) => (
          <PaginationItem
            {...item}
            disabled={item.type === 'previous' ? previousDisabled : item.type === 'next' ? nextDisabled : item.disabled}
            slots={{ previous: PreviousLabel, next: NextLabel }}
          />
        )}
      />
      <TextField
        select
        size="small"
        label={translate('products.list.page_size')}
        value={perPage}
        onChange={(event) => setPerPage(Number(event.target.value))}
        fullWidth={false}
        sx={{ width: 110 }}
      >
        {PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  )
}

function PreviousLabel() {
  return <>{useTranslate()('products.list.previous')}</>
}
function NextLabel() {
  return <>{useTranslate()('products.list.next')}</>
}
