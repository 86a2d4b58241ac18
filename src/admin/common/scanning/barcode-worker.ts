// The barcode-detector polyfill (ZXing in WebAssembly) off the page's thread. Its WebAssembly comes from our own
// assets, never a CDN; the server lets this one script compile WebAssembly (see plugins/spa.ts).
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill'
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'
import { SCAN_FORMATS } from './formats'

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, self.location.href).href : prefix + path),
  },
})
const detector = new BarcodeDetector({ formats: SCAN_FORMATS as never })

self.onmessage = async (event: MessageEvent<{ id: number; image: ImageData }>) => {
  const { id, image } = event.data
  try {
    const codes = await detector.detect(image)
    self.postMessage({ id, codes: codes.map((code) => code.rawValue) })
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
}
