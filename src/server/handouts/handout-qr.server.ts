import QRCode from 'qrcode'

/**
 * A QR code as an SVG document (black modules on white, a quiet zone of one module), made on the
 * server so the library never reaches the browser. Medium error correction survives a creased
 * label.
 */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
}
