// Reading barcodes in a picture: the browser's BarcodeDetector where it has one that knows our formats, else the
// polyfill in a worker (barcode-worker.ts). Loaded with the camera only.

import { SCAN_FORMATS } from './formats'

export interface Decoder {
  decode(image: ImageData): Promise<string[]>
  close(): void
}

interface NativeDetector {
  detect(image: ImageData): Promise<{ rawValue: string }[]>
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector
  getSupportedFormats(): Promise<string[]>
}

async function nativeDecoder(): Promise<Decoder | undefined> {
  const Native = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector
  if (!Native) return undefined
  const supported = await Native.getSupportedFormats().catch(() => [] as string[])
  if (!SCAN_FORMATS.every((format) => supported.includes(format))) return undefined
  const detector = new Native({ formats: SCAN_FORMATS })
  return { decode: async (image) => (await detector.detect(image)).map((code) => code.rawValue), close: () => undefined }
}

function workerDecoder(): Decoder {
  const worker = new Worker(new URL('./barcode-worker.ts', import.meta.url), { type: 'module', name: 'barcode-worker' })
  let next = 0
  const waiting = new Map<number, { resolve: (codes: string[]) => void; reject: (error: Error) => void }>()
  worker.onmessage = (event: MessageEvent<{ id: number; codes?: string[]; error?: string }>) => {
    const { id, codes, error } = event.data
    const call = waiting.get(id)
    waiting.delete(id)
    if (error) call?.reject(new Error(error))
    else call?.resolve(codes ?? [])
  }
  worker.onerror = (event) => waiting.forEach((call) => call.reject(new Error(event.message)))
  return {
    decode: (image) =>
      new Promise((resolve, reject) => {
        const id = next++
        waiting.set(id, { resolve, reject })
        worker.postMessage({ id, image }, [image.data.buffer])
      }),
    close: () => worker.terminate(),
  }
}

export async function createDecoder(): Promise<Decoder> {
  return (await nativeDecoder()) ?? workerDecoder()
}
