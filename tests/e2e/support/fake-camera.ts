import { writeFileSync } from 'node:fs'
import QRCode from 'qrcode'
import { chromiumLaunch } from './chromium'

const width = 640
const height = 480
/** Video-range luma: what a camera sees as white paper and black print. */
const white = 235
const black = 16

/**
 * Writes a Y4M video (YUV 4:2:0, a few identical frames; Chromium loops it) that shows `text` as
 * a QR code centred on a white 640×480 frame, with a quiet zone of four modules.
 */
export function writeCodeVideo(file: string, text: string, frames = 5): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const scale = Math.floor((Math.min(width, height) * 0.8) / (modules.size + 8))
  const left = Math.floor((width - modules.size * scale) / 2)
  const top = Math.floor((height - modules.size * scale) / 2)
  const luma = Buffer.alloc(width * height, white)
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * width + left + col * scale
        luma.fill(black, start, start + scale)
      }
    }
  }
  // No colour: both chroma planes at their neutral value, each a quarter of the luma plane.
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]))
}

/** Chromium's launch options with a fake camera that plays `video` and needs no permission prompt. */
export const fakeCameraLaunch = (video: string) => ({
  ...chromiumLaunch,
  args: [
    ...chromiumLaunch.args,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ],
})
