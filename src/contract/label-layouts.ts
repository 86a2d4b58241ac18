// The label sheets Stockroom prints, in millimetres. No schema library here: the admin bundle imports this at run time.

export interface LabelLayout {
  /** the page, width by height */
  page: { width: number; height: number }
  /** one label, width by height */
  label: { width: number; height: number }
  columns: number
  rows: number
}

export const LABEL_LAYOUTS = {
  /** a thermal roll label (Brother DK-11209 and the like): one label a page */
  'roll-62x29': { page: { width: 62, height: 29 }, label: { width: 62, height: 29 }, columns: 1, rows: 1 },
  /** an A4 sheet of 3 by 8 labels of 70 x 37 mm (Avery 3474 and the like) */
  'a4-3x8': { page: { width: 210, height: 297 }, label: { width: 70, height: 37 }, columns: 3, rows: 8 },
} as const satisfies Record<string, LabelLayout>

export type LabelLayoutName = keyof typeof LABEL_LAYOUTS
export const LABEL_LAYOUT_NAMES = Object.keys(LABEL_LAYOUTS) as LabelLayoutName[]
export const DEFAULT_LABEL_LAYOUT: LabelLayoutName = 'a4-3x8'
/** labels in one PDF at most (products times copies), so one request stays a quick read */
export const MAX_LABELS = 1000
export const MAX_LABEL_COPIES = 100
