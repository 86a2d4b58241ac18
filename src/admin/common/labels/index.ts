// Labels: a preview, then the server's PDF (GET /api/labels/...). Printed from the product tab, a selection of the
// products list and a warehouse's locations.
export { PrintLabelsDialog, type LabelsRequest } from './PrintLabelsDialog'
export type { LabelPreviewItem } from './LabelPreview'
export { locationLabelItem, productLabelItem } from './items'
