// Reads a pre-registration form (multipart, or JSON without a photo) and checks the photo by
// its content: the bytes must really be a PNG or JPEG of allowed size, whatever its name says.
import type { FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import { PHOTO_RULES, photoProblems } from '../../domain/preregistration';
import { ApiError } from '../http/api-error';

export interface Photo { type: 'png' | 'jpg'; bytes: Buffer; width: number; height: number }
export interface FormInput { fields: Record<string, unknown>; photo: Photo | null }

export async function readForm(request: FastifyRequest): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {}, photo: null };
  }
  const fields: Record<string, unknown> = {};
  let file: { bytes: Buffer; truncated: boolean } | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: PHOTO_RULES.maxBytes + 1, files: 1, fields: 60, fieldSize: 20_000 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        file = { bytes, truncated: part.file.truncated };
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(400, 'photo_too_large', { image: ['errors.photo_too_large'] });
    throw error;
  }
  if (!file || file.bytes.length === 0 && !file.truncated) return { fields, photo: null };
  return { fields, photo: checkPhoto(file.bytes, file.truncated) };
}

export function checkPhoto(bytes: Buffer, truncated = false): Photo {
  if (truncated || bytes.length > PHOTO_RULES.maxBytes) throw new ApiError(400, 'photo_too_large', { image: ['errors.photo_too_large'] });
  let size: { type?: string; width?: number; height?: number } = {};
  try { size = imageSize(bytes); } catch { size = {}; }
  const problems = photoProblems({ type: size.type, bytes: bytes.length, width: size.width ?? 0, height: size.height ?? 0 });
  if (problems.length) throw new ApiError(400, problems[0]!, { image: problems.map((p) => `errors.${p}`) });
  return { type: size.type === 'png' ? 'png' : 'jpg', bytes, width: size.width!, height: size.height! };
}
