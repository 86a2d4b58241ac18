/** What the camera reads: EAN-13, EAN-8 and UPC-A (products), Code 128 (locations, other product codes) and QR. */
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'code_128', 'qr_code']
