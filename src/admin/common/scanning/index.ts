// Scanning: one listener in the layout tells a hand-held scanner from typing; the camera hands its finds to the same
// place. A screen takes scans with useScan(handler); see ScannerProvider.tsx.
export { ScannerProvider, TAKES_TEXT, useScan, useScanner, type ScanHandler } from './ScannerProvider'
export { SCANNER_PREFIX_KEY, storeScannerPrefix } from './scannerPrefix'
export { isLoadedSku, PURCHASE_ORDER_QUERY } from './loadedSkus'
export { ScanDetector, SCAN_TIMING, isFloorCode } from './scanDetector'
export { CameraScanButton } from './CameraScanButton'
export { signalScan, scanFeedbackOn, storeScanFeedback, type ScanOutcome } from './feedback'
export { findScannedProducts } from './findScannedProduct'
export { useScanNotice, type ScanNotice } from './useScanNotice'
export { ScanField, ScanSaid } from './ScanField'
