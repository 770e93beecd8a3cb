import { BrowserMultiFormatReader, type IScannerControls } from '@zxing/browser'
import { BarcodeFormat, DecodeHintType } from '@zxing/library'

/**
 * The camera reader, in a module of its own: the scan field imports it only when the camera button
 * is pressed, so the barcode library never weighs on a page's first load (ADR 074).
 */
export async function startCameraReader(
  video: HTMLVideoElement,
  onText: (text: string) => void,
): Promise<IScannerControls> {
  const hints = new Map([
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [
        BarcodeFormat.DATA_MATRIX,
        BarcodeFormat.QR_CODE,
        BarcodeFormat.CODE_39,
        BarcodeFormat.CODE_128,
      ],
    ],
  ])
  const reader = new BrowserMultiFormatReader(hints)
  const controls = await reader.decodeFromVideoDevice(undefined, video, (result, _error, own) => {
    if (!result) return
    own.stop()
    onText(result.getText())
  })
  return controls
}
