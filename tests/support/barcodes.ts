// Reading barcodes back in tests, with the decoder of the camera path (barcode-detector, ZXing in WebAssembly) and
// poppler's pdftoppm and pdfinfo (Debian's poppler-utils) for PDFs: what a printed label would give a scanner.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { PNG } from 'pngjs'
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill'
import type { LabelLayout } from '../../src/contract'

// the decoder checks its input is an ImageData and answers DOMRects: node has neither
class ImageDataLike {
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
  get [Symbol.toStringTag]() {
    return 'ImageData'
  }
}
const globals = globalThis as Record<string, unknown>
globals.ImageData ??= ImageDataLike
globals.DOMRectReadOnly ??= class {
  constructor(
    readonly x = 0,
    readonly y = 0,
    readonly width = 0,
    readonly height = 0,
  ) {}
}
// the WebAssembly from node_modules, never from a CDN
const wasm = fs.readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) } })

export const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'code_128', 'qr_code'] as const
const detector = new BarcodeDetector({ formats: [...FORMATS] })

export interface Decoded {
  rawValue: string
  format: string
  boundingBox: { x: number; y: number; width: number; height: number }
}

/** Every barcode in an RGBA image, top to bottom, left to right. */
export async function decodePixels(data: Uint8ClampedArray, width: number, height: number): Promise<Decoded[]> {
  const found = (await detector.detect(new ImageDataLike(data, width, height) as unknown as ImageData)) as Decoded[]
  return found.sort((a, b) => a.boundingBox.y - b.boundingBox.y || a.boundingBox.x - b.boundingBox.x)
}

export async function decodePng(file: string): Promise<Decoded[]> {
  const png = PNG.sync.read(fs.readFileSync(file))
  return decodePixels(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
}

export interface PdfInfo {
  pages: number
  /** the first page's size in millimetres */
  width: number
  height: number
}

/** pdfinfo's reading of a PDF: it fails on one that does not parse. */
export function pdfInfo(pdf: Buffer): PdfInfo {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-pdf-'))
  try {
    const file = path.join(dir, 'labels.pdf')
    fs.writeFileSync(file, pdf)
    const text = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(text)!
    const toMm = (points: string) => (Number(points) * 25.4) / 72
    return { pages: Number(/Pages:\s+(\d+)/.exec(text)![1]), width: toMm(size[1]), height: toMm(size[2]) }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** The part of an RGBA image within a rectangle (pixels). */
function crop(png: PNG, x: number, y: number, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * 4)
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * png.width + x) * 4
    out.set(png.data.subarray(from, from + width * 4), row * width * 4)
  }
  return out
}

/**
 * The barcodes of each label of each page of a PDF, rendered at `dpi` as a printer would print it: one list per
 * page, one entry per label slot of the layout (the barcodes found in it, usually one).
 */
export async function decodeLabels(pdf: Buffer, layout: LabelLayout, dpi = 300): Promise<Decoded[][][]> {
  const pages = renderPdf(pdf, dpi)
  const px = (mm: number) => Math.round((mm * dpi) / 25.4)
  const offsetX = (layout.page.width - layout.columns * layout.label.width) / 2
  const offsetY = (layout.page.height - layout.rows * layout.label.height) / 2
  const result: Decoded[][][] = []
  for (const png of pages) {
    const slots: Decoded[][] = []
    for (let row = 0; row < layout.rows; row++)
      for (let column = 0; column < layout.columns; column++) {
        const x = px(offsetX + column * layout.label.width)
        const y = px(offsetY + row * layout.label.height)
        const width = Math.min(px(layout.label.width), png.width - x)
        const height = Math.min(px(layout.label.height), png.height - y)
        slots.push(await decodePixels(crop(png, x, y, width, height), width, height))
      }
    result.push(slots)
  }
  return result
}

/** The pages of a PDF as images, rendered by pdftoppm at `dpi`. */
function renderPdf(pdf: Buffer, dpi: number): PNG[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-pdf-'))
  try {
    const file = path.join(dir, 'labels.pdf')
    fs.writeFileSync(file, pdf)
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), file, path.join(dir, 'page')])
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => PNG.sync.read(fs.readFileSync(path.join(dir, name))))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** The barcodes on each page of a PDF, rendered at `dpi` as a printer would print it. */
export async function decodePdf(pdf: Buffer, dpi = 300): Promise<Decoded[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-pdf-'))
  try {
    const file = path.join(dir, 'labels.pdf')
    fs.writeFileSync(file, pdf)
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), file, path.join(dir, 'page')])
    const pages = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
    const decoded: Decoded[][] = []
    for (const page of pages) decoded.push(await decodePng(path.join(dir, page)))
    return decoded
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
