import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_PHOTO_MAX_BYTES,
  matchPhoto,
  photoIndex,
  photoNameProblem,
  photoProblem,
  sniffPhoto,
} from './import-photos';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

describe('photo file names (spec 1 §5)', () => {
  it('accepts letters, digits, _ and - with a jpg or png extension, in any script', () => {
    for (const name of ['jane_doe.jpg', 'S-1001.PNG', 'a.jpeg', 'سارة_1.png'])
      expect(photoNameProblem(name)).toBeNull();
  });
  it('refuses spaces, a missing extension, other special characters and other types', () => {
    expect(photoNameProblem('jane doe.jpg')).toBe('import.photoProblems.nameSpaces');
    expect(photoNameProblem('jane_doe')).toBe('import.photoProblems.nameExtension');
    expect(photoNameProblem('jane.doe.jpg')).toBe('import.photoProblems.nameCharacters');
    expect(photoNameProblem('jane@doe.jpg')).toBe('import.photoProblems.nameCharacters');
    expect(photoNameProblem('jane.gif')).toBe('import.photoProblems.nameType');
  });
  it('never accepts a name with a space, whatever else it holds', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(photoNameProblem(`${a} ${b}.jpg`)).not.toBeNull();
      }),
    );
  });
});

describe('photos judged by content and size', () => {
  it('tells PNG and JPEG apart by their first bytes, not their names', () => {
    expect(sniffPhoto(PNG)).toBe('png');
    expect(sniffPhoto(JPG)).toBe('jpg');
    expect(sniffPhoto(new TextEncoder().encode('name,email\n'))).toBeNull();
    expect(photoProblem('renamed.png', new TextEncoder().encode('<svg/>'))).toBe('import.photoProblems.notImage');
    expect(photoProblem('swapped.png', JPG)).toBeNull();
  });
  it('refuses a photo over 500 KB', () => {
    const big = new Uint8Array(IMPORT_PHOTO_MAX_BYTES + 1);
    big.set(JPG);
    expect(photoProblem('big.jpg', big)).toBe('import.photoProblems.tooBig');
    expect(photoProblem('fits.jpg', big.subarray(0, IMPORT_PHOTO_MAX_BYTES))).toBeNull();
  });
});

describe('matching photos to rows', () => {
  const index = photoIndex(['photos/Jane_Doe.JPG', 'S-7.png']);
  it('uses the photo cell first, without case, ignoring folders', () => {
    expect(matchPhoto({ photo: 'jane_doe.jpg', external_id: 'S-7' }, index)).toEqual({
      file: 'photos/Jane_Doe.JPG',
      problem: null,
    });
  });
  it('falls back on the external id, and names a photo the zip lacks', () => {
    expect(matchPhoto({ photo: '', external_id: 's-7' }, index)).toEqual({ file: 'S-7.png', problem: null });
    expect(matchPhoto({ photo: '', external_id: 'S-8' }, index)).toEqual({ file: null, problem: null });
    expect(matchPhoto({ photo: 'gone.png', external_id: '' }, index)).toEqual({
      file: null,
      problem: 'import.photoProblems.notInZip',
    });
  });
});
