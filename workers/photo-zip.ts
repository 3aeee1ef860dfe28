// The photo zip of a user import (spec 1 §5), read without trusting it: the
// central directory is judged first (zip-guard.ts), a photo declared larger than a photo may be
// is never inflated, and inflating stops where the entry's declared size ends.
import { IMPORT_PHOTO_MAX_BYTES, PHOTO_ZIP_MAX_BYTES, photoNameProblem, photoProblem } from '../domain/import-photos';
import { inflateEntry, listZip, ZipRefused, type ZipLimits } from './zip-guard';

/** A photo zip unpacks to about its own size (photos are compressed already): 50 MB of photos of
 * 500 KB each; twice that in total is generous, a thousandfold is a bomb. */
export const PHOTO_ZIP_LIMITS: ZipLimits = {
  entryMaxBytes: IMPORT_PHOTO_MAX_BYTES,
  totalMaxBytes: 2 * PHOTO_ZIP_MAX_BYTES,
  entriesMax: 20_000,
  ratioMax: 50,
};

export interface ZipPhoto {
  name: string;
  bytes: Uint8Array;
  /** The photo's problem by name, content and size (null: it may be attached). */
  problem: string | null;
}
export type PhotosResult = { ok: true; photos: ZipPhoto[] } | { ok: false; problem: string };

/** The photo zip's pictures (spec 1 §5): each judged by its name, first bytes and size. */
export async function readPhotoZip(buffer: ArrayBuffer): Promise<PhotosResult> {
  const bytes = new Uint8Array(buffer);
  if (bytes.byteLength > PHOTO_ZIP_MAX_BYTES) return { ok: false, problem: 'import.photoProblems.zipTooBig' };
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04))
    return { ok: false, problem: 'import.photoProblems.notZip' };
  const photos: ZipPhoto[] = [];
  try {
    for (const entry of listZip(bytes, PHOTO_ZIP_LIMITS)) {
      const name = entry.name.split('/').pop() ?? '';
      // Folders, and the resource forks and hidden files that macOS and Windows add, are not photos.
      if (entry.dir || !name || name.startsWith('.') || entry.name.startsWith('__MACOSX/')) continue;
      // A photo declared larger than a photo may be is judged unread: never inflated.
      if (entry.size > IMPORT_PHOTO_MAX_BYTES) {
        photos.push({
          name,
          bytes: new Uint8Array(0),
          problem: photoNameProblem(name) ?? 'import.photoProblems.tooBig',
        });
        continue;
      }
      const data = await inflateEntry(bytes, entry, IMPORT_PHOTO_MAX_BYTES);
      photos.push({ name, bytes: data, problem: photoProblem(name, data) });
    }
  } catch (err) {
    return { ok: false, problem: err instanceof ZipRefused ? err.problem : 'import.photoProblems.notZip' };
  }
  if (photos.length === 0) return { ok: false, problem: 'import.photoProblems.emptyZip' };
  return { ok: true, photos };
}
