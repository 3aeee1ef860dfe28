// Whether the zxing decoder the kiosk uses reads the fake camera's frame of `text`. A few random
// codes (about one in twenty) draw a perfectly clean matrix zxing cannot read at the fake
// camera's scale; a real camera's noise hides that, a synthetic video does not. Tests whose code
// is random check first and ask for another code rather than wait on an unreadable picture.
import zxing from '@zxing/library';
import { qrFrameLuma, FAKE_CAMERA_SIZE } from './fake-camera';

export function zxingReads(text: string): boolean {
  const { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;
  const source = new RGBLuminanceSource(
    new Uint8ClampedArray(qrFrameLuma(text)),
    FAKE_CAMERA_SIZE.width,
    FAKE_CAMERA_SIZE.height,
  );
  try {
    return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText() === text;
  } catch {
    return false;
  }
}
