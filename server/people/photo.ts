// Profile photos are checked by their content, never by a name or a declared type (DESIGN
// "Uploads are checked on the server"): png or jpg, 250×300 to 4096×4096, at most 3 MB. The
// photo is decoded and what is stored is its re-encoding (server/uploads/image-decode.ts).
import { invalid } from '../http/api-error';
import { readImageHeader, reencodeImage } from '../uploads/image-decode';

export const PHOTO_MAX_BYTES = 3 * 1024 * 1024;
export const PHOTO_MIN = { width: 250, height: 300 } as const;
export const PHOTO_MAX_SIDE = 4096;

export interface CheckedPhoto {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** Accepts a data URL or bare base64; throws a 400 with a field error on `image` otherwise. */
export async function checkPhoto(input: string): Promise<CheckedPhoto> {
  const base64 = input.replace(/^data:[^;,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw invalid({ image: ['validation.image_type'] });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw invalid({ image: ['validation.image_type'] });
  if (bytes.length > PHOTO_MAX_BYTES) throw invalid({ image: ['validation.image_too_big'] });
  const header = await readImageHeader(bytes);
  if (!header) throw invalid({ image: ['validation.image_type'] });
  if (header.width < PHOTO_MIN.width || header.height < PHOTO_MIN.height)
    throw invalid({ image: ['validation.image_too_small'] });
  if (header.width > PHOTO_MAX_SIDE || header.height > PHOTO_MAX_SIDE)
    throw invalid({ image: ['validation.image_too_wide'] });
  // Truncated, corrupt or polyglot files do not decode cleanly: not an image we accept.
  const image = await reencodeImage(bytes);
  if (!image) throw invalid({ image: ['validation.image_type'] });
  return { bytes: image.bytes, mime: image.mime, width: image.width, height: image.height };
}
