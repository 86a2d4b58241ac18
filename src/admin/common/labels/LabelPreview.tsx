// What the labels will look like, before the PDF is made: each label at its layout's proportions, with the texts and
// bars the server prints (EAN-13 for a valid EAN, else Code 128, for a location its code).
import { useCallback } from 'react'
import { Box, Typography } from '@mui/material'
import JsBarcode from 'jsbarcode'
import { LABEL_LAYOUTS, type LabelLayoutName } from '../../../contract/label-layouts'
import { isValidEan13 } from '../Barcode'
import { useTranslate } from '../translate'

export interface LabelPreviewItem {
  key: string
  lines: { text: string; strong?: boolean }[]
  barcode?: string | null
}

/** the labels shown at most: one A4 sheet */
const PREVIEW_LIMIT = 24

function Bars({ value }: { value: string }) {
  const draw = useCallback(
    (svg: SVGSVGElement | null) => {
      if (!svg) return
      const format = isValidEan13(value) ? 'EAN13' : 'CODE128'
      try {
        JsBarcode(svg, value, { format, height: 40, margin: 0, fontSize: 14, width: 2, displayValue: true })
        // the drawing scales with its label
        svg.setAttribute('viewBox', `0 0 ${parseFloat(svg.getAttribute('width')!)} ${parseFloat(svg.getAttribute('height')!)}`)
        svg.removeAttribute('width')
        svg.removeAttribute('height')
      } catch {
        svg.replaceChildren()
      }
    },
    [value],
  )
  return <svg ref={draw} aria-hidden="true" style={{ width: '100%', flex: 1, minHeight: 0 }} />
}

export function LabelPreview({ items, layout }: { items: LabelPreviewItem[]; layout: LabelLayoutName }) {
  const translate = useTranslate()
  const { label, columns } = LABEL_LAYOUTS[layout]
  const shown = items.slice(0, PREVIEW_LIMIT)
  return (
    <Box role="region" aria-label={translate('floor.labels.preview')}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: `repeat(${Math.min(columns, 2)}, minmax(0, 1fr))`,
            sm: `repeat(${columns === 1 ? 2 : columns}, minmax(0, 1fr))`,
          },
          gap: 1,
          bgcolor: 'action.hover',
          p: 1,
          borderRadius: 1,
        }}
      >
        {shown.map((item, index) => (
          <Box
            key={`${item.key}-${index}`}
            data-testid="label-preview"
            sx={{
              aspectRatio: `${label.width} / ${label.height}`,
              bgcolor: 'common.white',
              color: 'common.black',
              boxShadow: 1,
              p: '4%',
              display: 'flex',
              flexDirection: 'column',
              overflow: 'hidden',
              minWidth: 0,
            }}
          >
            {item.lines.map((line, i) => (
              <Typography
                key={i}
                variant="caption"
                noWrap
                sx={{ fontWeight: line.strong ? 700 : 400, lineHeight: 1.2, fontSize: line.strong ? '0.8rem' : '0.65rem' }}
              >
                {line.text || '\u00a0'}
              </Typography>
            ))}
            {item.barcode && <Bars value={item.barcode} />}
          </Box>
        ))}
      </Box>
      {items.length > shown.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('floor.labels.more', { count: items.length - shown.length })}
        </Typography>
      )}
    </Box>
  )
}
