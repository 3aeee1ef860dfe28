// A Y4M video for Chromium's fake camera (--use-file-for-fake-video-capture) that shows one
// QR code, drawn module by module from the qrcode package's matrix (no image libraries).
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const W = 640;
const H = 480;

export const FAKE_CAMERA_SIZE = { width: W, height: H } as const;

export function writeQrVideo(path: string, text: string, frames = 10): void {
  const luma = qrFrameLuma(text);
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** The frame's luma plane (W × H, one byte a pixel): the QR centred on a light background. */
export function qrFrameLuma(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor((Math.min(W, H) * 0.8) / (size + quiet * 2));
  const side = scale * (size + quiet * 2);
  const x0 = Math.floor((W - side) / 2);
  const y0 = Math.floor((H - side) / 2);
  const luma = Buffer.alloc(W * H, 235);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (!qr.modules.get(r, c)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (y0 + (r + quiet) * scale + dy) * W + x0 + (c + quiet) * scale;
        luma.fill(16, row, row + scale);
      }
    }
  }
  return luma;
}
