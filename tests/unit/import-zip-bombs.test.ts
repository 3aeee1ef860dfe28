// Decompression bombs against the import readers, built here byte by byte: a
// workbook or photo zip whose parts declare (or secretly hold) hundreds of MB is refused with a
// message the admin can read, and inflating stops at what an entry declared instead of filling
// the tab's memory. The real readers run; nothing is mocked.
import { randomBytes } from 'node:crypto';
import { constants, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { readPhotoZip } from '../../workers/photo-zip';
import { readFirstSheet } from '../../workers/xlsx-rows';
import { inflateEntry, listZip, ZipRefused, type InflateMeter } from '../../workers/zip-guard';

const MB = 1024 * 1024;
// 1 MB of zeros as deflate blocks that do not end the stream: n of them and an end block are a
// valid stream that inflates to n MB, from about 1 KB each.
const MB_OF_ZEROS = deflateRawSync(Buffer.alloc(MB), { finishFlush: constants.Z_SYNC_FLUSH });
const END = deflateRawSync(Buffer.alloc(0));
const zeros = (mb: number) => Buffer.concat([...Array<Buffer>(mb).fill(MB_OF_ZEROS), END]);

interface Part {
  name: string;
  /** Raw deflate data. */
  data: Uint8Array;
  /** The uncompressed size the zip claims (a bomb may lie). */
  declared: number;
}

/** A zip written by hand, so each entry may declare whatever size the attack needs. */
function zipOf(parts: Part[]): ArrayBuffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(p.data.length, 18);
    head.writeUInt32LE(p.declared, 22);
    head.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(p.data.length, 20);
    dir.writeUInt32LE(p.declared, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    local.push(head, name, Buffer.from(p.data));
    central.push(dir, name);
    offset += 30 + name.length + p.data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  const all = Buffer.concat([...local, dirBytes, end]);
  return all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
}

const refusal = async (work: Promise<unknown>) => {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ZipRefused);
  return (err as ZipRefused).problem;
};
/** The English message the admin sees for a problem key. */
const message = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en);

describe('the import readers refuse decompression bombs', () => {
  it('refuses a workbook whose sheet declares 200 MB, before inflating it', async () => {
    const book = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: zeros(200), declared: 200 * MB }]);
    expect(book.byteLength).toBeLessThan(MB);
    const problem = await refusal(readFirstSheet(book));
    expect(problem).toBe('importGuard.tooLarge');
    expect(message(problem)).toMatch(/not opened/);
  });

  it('stops inflating a part that holds far more than it declares', async () => {
    const lying = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: zeros(300), declared: 10_000 }]);
    expect(await refusal(readFirstSheet(lying))).toBe('importGuard.damaged');
    // What the reader inflated before it stopped: the declared 10 KB and one chunk, not 300 MB.
    const bytes = new Uint8Array(lying);
    const [entry] = listZip(bytes, { entryMaxBytes: MB, totalMaxBytes: MB, entriesMax: 10, ratioMax: 1e9 });
    const meter: InflateMeter = { inflated: 0 };
    expect(await refusal(inflateEntry(bytes, entry!, MB, meter))).toBe('importGuard.damaged');
    expect(meter.inflated).toBeGreaterThan(10_000);
    expect(meter.inflated).toBeLessThan(8 * MB);
  });

  it('refuses a part of zeros at a ratio no spreadsheet has, even under the size limit', async () => {
    const dense = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: zeros(30), declared: 30 * MB }]);
    expect(await refusal(readFirstSheet(dense))).toBe('importGuard.tooLarge');
  });

  it('refuses many parts whose declared total is too large', async () => {
    const parts = Array.from({ length: 150 }, (_, i) => ({
      name: `xl/media/image${i}.png`,
      data: deflateRawSync(Buffer.alloc(MB, i)),
      declared: MB,
    }));
    expect(await refusal(readFirstSheet(zipOf(parts)))).toBe('importGuard.tooLarge');
  });

  it('refuses a sheet with more rows or cells than an import takes', async () => {
    const sheet = async (xml: string) => {
      const zip = new JSZip();
      zip.file('xl/worksheets/sheet1.xml', `<worksheet><sheetData>${xml}</sheetData></worksheet>`);
      return readFirstSheet(await zip.generateAsync({ type: 'arraybuffer', compression: 'DEFLATE' }));
    };
    let i = 0;
    const cell = () => `<c t="inlineStr"><is><t>${(i++).toString(36)}</t></is></c>`;
    const rows = (n: number, cells: number) =>
      Array.from({ length: n }, () => `<row>${Array.from({ length: cells }, cell).join('')}</row>`).join('');
    expect((await sheet(rows(10_001, 2))).length).toBe(10_001);
    expect(message(await refusal(sheet(rows(10_002, 1))))).toMatch(/more than 10,000 rows/);
    const wide = Array.from({ length: 300_001 }, (_, n) => `<c><v>${n}</v></c>`).join('');
    expect(await refusal(sheet(`<row>${wide}</row>`))).toBe('importGuard.tooManyCells');
  }, 30_000);

  it('reads a sheet of tags that never close without searching it again from every start', async () => {
    const zip = new JSZip();
    zip.file('xl/worksheets/sheet1.xml', `<row><c><v>1</v></c></row>${'<row r="2"><c><t>'.repeat(50_000)}`);
    const rows = await readFirstSheet(await zip.generateAsync({ type: 'arraybuffer', compression: 'DEFLATE' }));
    expect(rows.map((r) => Object.fromEntries(r.cells))).toEqual([{ 1: '1' }]);
  });

  it('marks photos declared too big without inflating them, and refuses a zip of them in total', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const honest = { name: 'nia.png', data: deflateRawSync(png), declared: png.length };
    const photo = randomBytes(600 * 1024);
    const big = { name: 'big.png', data: deflateRawSync(photo), declared: photo.length };
    const some = await readPhotoZip(zipOf([honest, big]));
    expect(some.ok && some.photos.map((p) => [p.name, p.bytes.length, p.problem])).toEqual([
      ['nia.png', png.length, null],
      ['big.png', 0, 'import.photoProblems.tooBig'],
    ]);
    // A 1 MB zip declaring 1,000 photos of 1 MB each (the 1.4 GB peak of the report).
    const bomb = zipOf(
      Array.from({ length: 1000 }, (_, i) => ({ name: `p${i}.png`, data: MB_OF_ZEROS, declared: MB })),
    );
    expect(bomb.byteLength).toBeLessThan(2 * MB);
    const refused = await readPhotoZip(bomb);
    expect(refused).toEqual({ ok: false, problem: 'importGuard.tooLarge' });
    // A photo that declares 100 KB but holds 200 MB stops where its declaration ends.
    const lying = await readPhotoZip(zipOf([{ name: 'lie.png', data: zeros(200), declared: 100_000 }]));
    expect(lying).toEqual({ ok: false, problem: 'importGuard.damaged' });
  });
});
