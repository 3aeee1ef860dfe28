// The photo zip's pictures, between the grid and the run: kept in memory for the tab (megabytes
// of pictures do not belong in sessionStorage; a reload asks for the zip again).
import { useSyncExternalStore } from 'react';
import { matchPhoto, photoIndex, type PhotoMatch } from '../../../../domain/import-photos';
import type { ImportRow } from '../../../../domain/import';
import type { ZipPhoto } from '../../../../workers/import-reader.worker';

export interface PhotoSet {
  /** The zip chosen, so the input shows it on both the upload page and the grid. */
  file: File;
  byName: Map<string, ZipPhoto>;
  index: ReturnType<typeof photoIndex>;
}

const listeners = new Set<() => void>();
let current: PhotoSet | null = null;

export function setPhotos(file: File | null, photos: ZipPhoto[] = []): void {
  current = file
    ? { file, byName: new Map(photos.map((p) => [p.name, p])), index: photoIndex(photos.map((p) => p.name)) }
    : null;
  for (const l of listeners) l();
}

export function usePhotos(): PhotoSet | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
export const getPhotos = (): PhotoSet | null => current;

/** A row's photo in the zip, and its problem (a missing file, or the file's own problem). */
export function rowPhoto(set: PhotoSet | null, row: ImportRow): PhotoMatch {
  if (!set) return { file: null, problem: null };
  const match = matchPhoto(row, set.index);
  if (!match.file) return match;
  return { file: match.file, problem: set.byName.get(match.file)?.problem ?? null };
}

/** The rows and their usable photos as one multipart form (rows alone go as JSON). */
export function importBody(fileName: string, rows: Array<{ row_no: number; data: ImportRow }>): object | FormData {
  const request = { file_name: fileName, rows };
  const set = current;
  if (!set) return request;
  const form = new FormData();
  form.append('request', JSON.stringify(request));
  const sent = new Set<string>();
  for (const r of rows) {
    const match = rowPhoto(set, r.data);
    if (!match.file || match.problem || sent.has(match.file)) continue;
    sent.add(match.file);
    const photo = set.byName.get(match.file)!;
    form.append('photos', new Blob([photo.bytes as Uint8Array<ArrayBuffer>]), photo.name);
  }
  return form;
}
