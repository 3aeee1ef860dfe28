// Uploaded images are judged by decoding them, never by their header alone:
// a header can claim 60,000 × 60,000 pixels (a decompression bomb for every browser that shows
// it), end early, or carry an HTML/JS payload after the picture. Only PNG and JPEG are read;
// what is stored is a fresh encoding of the decoded pixels, without the uploader's metadata.
import sharp from 'sharp';

// Decoded uploads must not linger in libvips' operation cache.
sharp.cache(false);

export type ImageType = 'png' | 'jpg';
export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}
export interface StoredImage extends ImageHeader {
  mime: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

/** The largest image any upload path accepts (4096 × 4096); the decoder refuses more pixels. */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// A PNG ends with its IEND chunk (length 0, type, CRC); anything after it is not part of the image.
const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** The type the first bytes announce; other formats never reach libvips' loaders. */
function sniff(bytes: Buffer): ImageType | null {
  if (bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/**
 * Type and size as shown (EXIF orientation applied), read from the header without decoding
 * the pixels; null when the bytes are not a PNG or JPEG header.
 */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader | null> {
  const type = sniff(bytes);
  if (!type) return null;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const expected = type === 'png' ? 'png' : 'jpeg';
    if (meta.format !== expected || !meta.width || !meta.height) return null;
    const shown = meta.autoOrient ?? { width: meta.width, height: meta.height };
    return { type, width: shown.width, height: shown.height };
  } catch {
    return type === 'png' ? pngHeaderClaim(bytes) : null;
  }
}

/** What a PNG's IHDR claims, for a file libvips will not even describe (e.g. no pixel data). */
function pngHeaderClaim(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  return width && height ? { type: 'png', width, height } : null;
}

/**
 * Decodes every pixel (within MAX_IMAGE_PIXELS, failing on any decoder warning, so truncated
 * or corrupt data is refused) and encodes the picture again in the same format, metadata
 * stripped. Null when the bytes do not decode completely or carry data after the image.
 */
export async function reencodeImage(bytes: Buffer): Promise<StoredImage | null> {
  const type = sniff(bytes);
  if (!type) return null;
  // Polyglots: a PNG with an HTML/JS payload appended after IEND is refused outright.
  // (Trailing data after a JPEG's end marker is common from phone cameras; re-encoding drops it.)
  if (type === 'png' && !bytes.subarray(bytes.length - PNG_IEND.length).equals(PNG_IEND)) return null;
  try {
    const pipeline = sharp(bytes, {
      limitInputPixels: MAX_IMAGE_PIXELS,
      failOn: 'warning',
      sequentialRead: true,
    }).autoOrient();
    const encoded = type === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      type,
      mime: type === 'png' ? 'image/png' : 'image/jpeg',
      bytes: data,
      width: info.width,
      height: info.height,
    };
  } catch {
    return null;
  }
}
