// Profile photos are checked by their content, never by a name or a declared type (DESIGN
// "Uploads are checked on the server"): png or jpg, at least 250×300, at most 3 MB.
import { imageSize } from 'image-size';
import { invalid } from '../http/api-error';

export const PHOTO_MAX_BYTES = 3 * 1024 * 1024;
export const PHOTO_MIN = { width: 250, height: 300 } as const;

export interface CheckedPhoto { bytes: Buffer; mime: 'image/png' | 'image/jpeg'; width: number; height: number }

/** Accepts a data URL or bare base64; throws a 400 with a field error on `image` otherwise. */
export function checkPhoto(input: string): CheckedPhoto {
  const base64 = input.replace(/^data:[^;,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw invalid({ image: ['validation.image_type'] });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw invalid({ image: ['validation.image_type'] });
  if (bytes.length > PHOTO_MAX_BYTES) throw invalid({ image: ['validation.image_too_big'] });
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    throw invalid({ image: ['validation.image_type'] });
  }
  const mime = size.type === 'png' ? 'image/png' : size.type === 'jpg' ? 'image/jpeg' : null;
  if (!mime) throw invalid({ image: ['validation.image_type'] });
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  if (width < PHOTO_MIN.width || height < PHOTO_MIN.height) throw invalid({ image: ['validation.image_too_small'] });
  return { bytes, mime, width, height };
}
