// Reads a pre-registration form (multipart, or JSON without a photo) and checks the photo by
// its content: the bytes must really be a PNG or JPEG of allowed size, whatever its name says.
// The photo is decoded, and what is kept is its re-encoding (server/uploads/image-decode.ts).
import type { FastifyRequest } from 'fastify';
import { PHOTO_RULES, photoProblems } from '../../domain/preregistration';
import { ApiError } from '../http/api-error';
import { readImageHeader, reencodeImage } from '../uploads/image-decode';

export interface Photo {
  type: 'png' | 'jpg';
  bytes: Buffer;
  width: number;
  height: number;
}
export interface FormInput {
  fields: Record<string, unknown>;
  photo: Photo | null;
}

export async function readForm(request: FastifyRequest): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {}, photo: null };
  }
  const fields: Record<string, unknown> = {};
  let file: { bytes: Buffer; truncated: boolean } | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: PHOTO_RULES.maxBytes + 1, files: 1, fields: 60, fieldSize: 20_000 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        file = { bytes, truncated: part.file.truncated };
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(400, 'photo_too_large', { image: ['errors.photo_too_large'] });
    throw error;
  }
  if (!file || (file.bytes.length === 0 && !file.truncated)) return { fields, photo: null };
  return { fields, photo: await checkPhoto(file.bytes, file.truncated) };
}

export async function checkPhoto(bytes: Buffer, truncated = false): Promise<Photo> {
  if (truncated || bytes.length > PHOTO_RULES.maxBytes)
    throw new ApiError(400, 'photo_too_large', { image: ['errors.photo_too_large'] });
  // The header's claims are checked before any pixel is decoded (a 60,000² header stops here).
  const header = await readImageHeader(bytes);
  const problems = photoProblems({
    type: header?.type,
    bytes: bytes.length,
    width: header?.width ?? 0,
    height: header?.height ?? 0,
  });
  if (problems.length) throw new ApiError(400, problems[0]!, { image: problems.map((p) => `errors.${p}`) });
  // Truncated, corrupt or polyglot files do not decode cleanly: not a PNG or JPG we accept.
  const image = await reencodeImage(bytes);
  if (!image) throw new ApiError(400, 'photo_type', { image: ['errors.photo_type'] });
  return { type: image.type, bytes: image.bytes, width: image.width, height: image.height };
}
