// The image column: a 30 px wide thumbnail (SPEC §9), or a neutral placeholder when there is no usable image.
import { useState } from 'react'
import { Box } from '@mui/material'
import ImageIcon from '@mui/icons-material/ImageOutlined'
import { isWebUrl } from '../../../contract/constants'
import { useTranslate } from '../../common/translate'

export const THUMBNAIL_WIDTH = 30

export function Thumbnail({ url }: { url: string | null | undefined }) {
  const translate = useTranslate()
  const [broken, setBroken] = useState(false)
  if (isWebUrl(url) && !broken) {
    return (
      <Box
        component="img"
        src={url}
        alt=""
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        sx={{ width: THUMBNAIL_WIDTH, height: 'auto', maxHeight: 60, display: 'block', objectFit: 'contain' }}
      />
    )
  }
  return (
    <Box
      role="img"
      aria-label={translate('terms.no_image')}
      sx={{
        width: THUMBNAIL_WIDTH,
        height: THUMBNAIL_WIDTH,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'action.hover',
        color: 'text.disabled',
        borderRadius: 0.5,
      }}
    >
      <ImageIcon sx={{ fontSize: 18 }} />
    </Box>
  )
}
