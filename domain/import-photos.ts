// The photo zip of a user import (spec 1 §5 "Files"): a zip of at most 50 MB, photos
// JPG or PNG (640 × 480 recommended), each at most 500 KB, named without spaces, with an
// extension, and with only `_` and `-` as special characters. A photo belongs to the row whose
// `photo` cell names it or, when that cell is empty, whose external id is the file's name
// without its extension. The worker (grid) and the server apply the same rules; what a photo
// is comes from its first bytes, never its name. Messages are i18n keys.

export const PHOTO_ZIP_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_PHOTO_MAX_BYTES = 500 * 1024;
export const IMPORT_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

export type PhotoKind = 'png' | 'jpg';

/**
 * Letters and digits of any script (an Arabic name is a name), `_` and `-`, then one dot and
 * the extension: no spaces, no other special characters, no folders.
 */
const NAME = /^[\p{L}\p{N}_-]+\.([A-Za-z]+)$/u;

/** The problem with a photo's file name (null: the name follows the rules). */
export function photoNameProblem(name: string): string | null {
  if (/\s/.test(name)) return 'import.photoProblems.nameSpaces';
  if (!/\.[^./\\]+$/.test(name)) return 'import.photoProblems.nameExtension';
  const m = NAME.exec(name);
  if (!m) return 'import.photoProblems.nameCharacters';
  if (!(IMPORT_PHOTO_EXTENSIONS as readonly string[]).includes(m[1]!.toLowerCase()))
    return 'import.photoProblems.nameType';
  return null;
}

/** What the first bytes say the photo is: a PNG signature or a JPEG start-of-image marker. */
export function sniffPhoto(bytes: Uint8Array): PhotoKind | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > png.length && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/** The problem with one photo of the zip, by name, content and size (null: it may be used). */
export function photoProblem(name: string, bytes: Uint8Array): string | null {
  const named = photoNameProblem(name);
  if (named) return named;
  if (!sniffPhoto(bytes)) return 'import.photoProblems.notImage';
  if (bytes.byteLength > IMPORT_PHOTO_MAX_BYTES) return 'import.photoProblems.tooBig';
  return null;
}

/** The key a zip's file is found by: its name without folders, compared without case. */
export const photoKey = (name: string): string => (name.split(/[\\/]/).pop() ?? name).toLowerCase();
const stem = (name: string) => name.replace(/\.[^.]*$/, '');

/** The zip files by key, plus by name-without-extension for the external-id match. */
export function photoIndex(names: readonly string[]): { byName: Map<string, string>; byStem: Map<string, string> } {
  const byName = new Map<string, string>();
  const byStem = new Map<string, string>();
  for (const name of names) {
    const key = photoKey(name);
    byName.set(key, name);
    byStem.set(stem(key), name);
  }
  return { byName, byStem };
}

export interface PhotoMatch {
  /** The zip file this row's photo is (null: none). */
  file: string | null;
  /** Why the row named a photo that cannot be used (null: no problem). */
  problem: string | null;
}

/** Which file of the zip belongs to a row: its `photo` cell, else its external id. */
export function matchPhoto(row: { photo: string; external_id: string }, index: ReturnType<typeof photoIndex>) {
  const named = row.photo.trim();
  if (named) {
    const file = index.byName.get(photoKey(named)) ?? null;
    return { file, problem: file ? null : 'import.photoProblems.notInZip' } satisfies PhotoMatch;
  }
  const byId = row.external_id.trim() ? (index.byStem.get(row.external_id.trim().toLowerCase()) ?? null) : null;
  return { file: byId, problem: null } satisfies PhotoMatch;
}
