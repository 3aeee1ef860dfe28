// The user import between the upload page and the run: which zip photo belongs to which row,
// what the run sends (each usable photo once), and the rows kept for a reload of the grid.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_COLUMNS, type ImportRow } from '../../../../domain/import';
import { getDraft, setDraft } from './import-draft';
import { getPhotos, importBody, rowPhoto, setPhotos } from './import-photos';

const row = (patch: Partial<ImportRow>): ImportRow =>
  ({ ...Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, ''])), ...patch }) as ImportRow;
const photo = (name: string, problem: string | null = null) => ({ name, bytes: new Uint8Array([1, 2, 3]), problem });
const zip = new File(['zip'], 'photos.zip');

afterEach(() => {
  setPhotos(null);
  setDraft(null);
  vi.unstubAllGlobals();
});

describe('a row’s photo in the zip', () => {
  it('is the file its photo cell names, else the file named after its external id', () => {
    setPhotos(zip, [photo('Vera.JPG'), photo('E-42.png')]);
    expect(rowPhoto(getPhotos(), row({ photo: 'vera.jpg' }))).toEqual({ file: 'Vera.JPG', problem: null });
    expect(rowPhoto(getPhotos(), row({ external_id: 'e-42' }))).toEqual({ file: 'E-42.png', problem: null });
    expect(rowPhoto(getPhotos(), row({ external_id: 'e-43' }))).toEqual({ file: null, problem: null });
  });

  it('carries the problem of a named file missing from the zip, or of the file itself', () => {
    setPhotos(zip, [photo('big.jpg', 'import.photoProblems.tooBig')]);
    expect(rowPhoto(getPhotos(), row({ photo: 'gone.jpg' })).problem).toBe('import.photoProblems.notInZip');
    expect(rowPhoto(getPhotos(), row({ photo: 'big.jpg' }))).toEqual({
      file: 'big.jpg',
      problem: 'import.photoProblems.tooBig',
    });
  });

  it('is none when no zip was chosen', () => {
    expect(rowPhoto(null, row({ photo: 'vera.jpg' }))).toEqual({ file: null, problem: null });
  });
});

describe('what the import run sends', () => {
  const rows = [
    { row_no: 2, data: row({ full_name: 'Vera', photo: 'vera.jpg' }) },
    { row_no: 3, data: row({ full_name: 'Vera again', photo: 'VERA.jpg' }) },
    { row_no: 4, data: row({ full_name: 'Big', photo: 'big.jpg' }) },
    { row_no: 5, data: row({ full_name: 'No photo' }) },
  ];

  it('sends rows alone as JSON when no zip was chosen', () => {
    expect(importBody('people.xlsx', rows)).toEqual({ file_name: 'people.xlsx', rows });
  });

  it('sends each usable photo once beside the rows, and never a photo with a problem', () => {
    setPhotos(zip, [photo('vera.jpg'), photo('big.jpg', 'import.photoProblems.tooBig'), photo('unused.jpg')]);
    const form = importBody('people.xlsx', rows) as FormData;
    expect(JSON.parse(form.get('request') as string)).toEqual({ file_name: 'people.xlsx', rows });
    expect(form.getAll('photos').map((f) => (f as File).name)).toEqual(['vera.jpg']);
  });
});

describe('the rows kept for the grid', () => {
  it('are kept for the tab in session storage, and dropped when the import is done', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
    const draft = { fileName: 'people.csv', rows: [{ row_no: 2, data: row({ full_name: 'Vera' }) }] };
    setDraft(draft);
    expect(getDraft()).toEqual(draft);
    expect(JSON.parse(store.get('gatehouse.import.draft')!)).toEqual(draft);
    setDraft(null);
    expect(getDraft()).toBeNull();
    expect(store.has('gatehouse.import.draft')).toBe(false);
  });

  it('still hold the admin’s fixes in memory when storage is full', () => {
    vi.stubGlobal('sessionStorage', {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    const draft = { fileName: 'people.csv', rows: [] };
    setDraft(draft);
    expect(getDraft()).toEqual(draft);
  });
});
