// The photo zip's pictures on the server: the import request may be multipart, with
// the rows as a JSON field and each matched photo as a file. Every photo is checked again by
// its content and size (domain/import-photos.ts) when the job is created, and decoded and
// re-encoded (server/uploads/image-decode.ts) before it is attached, so a renamed file, a
// truncated picture or a polyglot never reaches a person.
import type { FastifyRequest } from 'fastify';
import { IMPORT_PHOTO_MAX_BYTES, matchPhoto, photoIndex, photoProblem } from '../../domain/import-photos';
import { IMPORT_ROWS_MAX, type ImportRow } from '../../domain/import';
import { invalid } from '../http/api-error';
import { reencodeImage, type StoredImage } from '../uploads/image-decode';

export interface ImportUpload {
  body: unknown;
  /** The uploaded photos by file name. */
  photos: Map<string, Buffer>;
}

/** Reads a JSON import, or a multipart one (`request` field + photo files). */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) return { body: request.body, photos: new Map() };
  const photos = new Map<string, Buffer>();
  let body: unknown = undefined;
  const parts = request.parts({
    // A photo past 500 KB is cut at one byte over, so the size rule still names it.
    limits: {
      fileSize: IMPORT_PHOTO_MAX_BYTES + 1,
      files: IMPORT_ROWS_MAX,
      fields: 1,
      parts: IMPORT_ROWS_MAX + 1,
      fieldSize: 8 * 1024 * 1024,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') photos.set(part.filename, await part.toBuffer());
    else if (part.fieldname === 'request') {
      try {
        body = JSON.parse(String(part.value));
      } catch {
        throw invalid({ request: ['validation.required'] });
      }
    }
  }
  return { body, photos };
}

export interface RowPhoto {
  photoName: string | null;
  photo: Buffer | null;
  photoStatus: string | null;
}

/** Each row's photo: the checked bytes to attach, or why it cannot be attached. */
export function rowPhotos(rows: readonly ImportRow[], photos: Map<string, Buffer>): RowPhoto[] {
  const index = photoIndex([...photos.keys()]);
  return rows.map((row) => {
    const match = matchPhoto(row, index);
    if (!match.file) return { photoName: row.photo || null, photo: null, photoStatus: match.problem };
    const bytes = photos.get(match.file)!;
    const problem = photoProblem(match.file, bytes);
    return { photoName: match.file, photo: problem ? null : bytes, photoStatus: problem };
  });
}

/** The picture as stored (decoded and encoded again), or null when it does not decode. */
export async function decodePhoto(bytes: Uint8Array): Promise<StoredImage | null> {
  // PGlite hands bytea back as a plain Uint8Array; the decoder wants a Buffer.
  return reencodeImage(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
