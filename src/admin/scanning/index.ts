// Scanning: one listener in the layout tells a hand-held scanner from typing; the camera hands its finds to the same
// place. A screen takes scans with useScan(handler); see ScannerProvider.tsx.
export { ScannerProvider, SCANNER_PREFIX_KEY, useScan, useScanner, type ScanHandler } from './ScannerProvider'
export { ScanDetector, SCAN_TIMING, isFloorCode } from './scanDetector'
export { CameraScanButton } from './CameraScanButton'
