// A reader for the first sheet of an .xlsx, cells as text, for the import worker.
// exceljs builds a full object model (styles, every cell an object) and took seconds for a
// 10,000-row file; an import only needs each cell's text. An .xlsx is a zip of XML parts: the
// workbook names its first sheet, the relationships give that sheet's part, shared strings hold
// the text cells point at. The XML is scanned by hand (a worker has no DOMParser), which is
// enough for what spreadsheet programs write.
// The zip is read through zip-guard.ts and the XML scanned with indexOf: a
// workbook that declares huge parts, lies about their sizes, holds more rows or cells than an
// import takes, or never closes a tag is refused with a message, in bounded memory and time.
import { IMPORT_ROWS_MAX } from '../domain/import';
import { inflateEntry, listZip, ZipRefused, type ZipEntry, type ZipLimits } from './zip-guard';

/** The parts an import reads: a 10,000-row sheet is a few MB of XML, never tens. */
export const XLSX_LIMITS: ZipLimits = {
  entryMaxBytes: 40 * 1024 * 1024,
  totalMaxBytes: 100 * 1024 * 1024,
  entriesMax: 2000,
  ratioMax: 500,
};
/** Cells of the first sheet (and shared strings) an import reads: 10,001 rows of 30 columns. */
export const XLSX_CELLS_MAX = 300_000;

/** One spreadsheet row: its number in the file and its cells' text by column (1-based). */
export interface SheetRow {
  rowNo: number;
  cells: Map<number, string>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : ENTITIES[e.toLowerCase()]!,
  );
const TAG_MAX = 8192;

/** Each `<tag …>body</tag>` (or `<tag/>`) in order: attributes and body. Linear: a tag never
 * closed ends the scan instead of being searched for again from every later start. */
function* elements(xml: string, tag: string): Generator<[string, string]> {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let at = 0;
  for (;;) {
    const start = xml.indexOf(open, at);
    if (start < 0) return;
    const next = xml.charCodeAt(start + open.length);
    // `<row` must not match `<rowBreaks`: a space, `>` or `/` follows the name.
    if (!(next === 32 || next === 62 || next === 47 || next === 9 || next === 10 || next === 13)) {
      at = start + open.length;
      continue;
    }
    const end = xml.indexOf('>', start);
    if (end < 0) return;
    // A tag is a name and a few attributes; a longer one is not what a spreadsheet program wrote.
    if (end - start > TAG_MAX) throw new Error('tag too long');
    const attrs = xml.slice(start + open.length, end);
    if (xml.charCodeAt(end - 1) === 47) {
      yield [attrs.slice(0, -1), ''];
      at = end + 1;
      continue;
    }
    const stop = xml.indexOf(close, end);
    if (stop < 0) return;
    yield [attrs, xml.slice(end + 1, stop)];
    at = stop + close.length;
  }
}
/** The text of every <t> inside (rich text runs joined), phonetic guides left out. */
function texts(xml: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const guide = xml.indexOf('<rPh', at);
    const part = guide < 0 ? xml.slice(at) : xml.slice(at, guide);
    for (const [, body] of elements(part, 't')) out += unescape(body);
    if (guide < 0) return out;
    const end = xml.indexOf('</rPh>', guide);
    if (end < 0) return out;
    at = end + 6;
  }
}
/** A cell's <v> text (undefined: none). */
function valueOf(body: string): string | undefined {
  const start = body.indexOf('<v>');
  const end = start < 0 ? -1 : body.indexOf('</v>', start);
  return end < 0 ? undefined : body.slice(start + 3, end);
}
const ATTRS = new Map<string, RegExp>();
const attr = (tag: string, name: string) => {
  let re = ATTRS.get(name);
  if (!re) ATTRS.set(name, (re = new RegExp(`\\b${name}="([^"]*)"`)));
  return re.exec(tag)?.[1];
};

/** "AB12" → 28 (the column number of a cell reference). */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n;
}

interface Book {
  bytes: Uint8Array;
  entries: Map<string, ZipEntry>;
  inflated: number;
}

/** A part's text; its size counts towards the book's total, so no set of parts passes it. */
async function part(book: Book, path: string): Promise<string | null> {
  const entry = book.entries.get(path.replace(/^\//, ''));
  if (!entry) return null;
  const left = XLSX_LIMITS.totalMaxBytes - book.inflated;
  const bytes = await inflateEntry(book.bytes, entry, Math.min(XLSX_LIMITS.entryMaxBytes, left));
  book.inflated += bytes.length;
  return new TextDecoder().decode(bytes);
}

/** The first sheet's part: the workbook's first <sheet>, through the workbook's relationships. */
async function firstSheetPath(zip: Book): Promise<string> {
  const workbook = (await part(zip, 'xl/workbook.xml')) ?? '';
  const sheet = elements(workbook, 'sheet').next().value?.[0];
  const relId = sheet && /\br:id="([^"]*)"|\bid="([^"]*)"/.exec(sheet);
  const rels = (await part(zip, 'xl/_rels/workbook.xml.rels')) ?? '';
  const id = relId?.[1] ?? relId?.[2];
  for (const [rel] of elements(rels, 'Relationship')) {
    if (attr(rel, 'Id') !== id) continue;
    const target = attr(rel, 'Target') ?? '';
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return 'xl/worksheets/sheet1.xml';
}

/**
 * Every non-empty row of the first sheet; throws ZipRefused (with its message key) for a bomb or
 * a sheet larger than an import takes, and another error when the file is not a readable workbook.
 */
export async function readFirstSheet(buffer: ArrayBuffer): Promise<SheetRow[]> {
  const bytes = new Uint8Array(buffer);
  const book: Book = { bytes, entries: new Map(), inflated: 0 };
  for (const e of listZip(bytes, XLSX_LIMITS)) book.entries.set(e.name, e);
  const sheet = await part(book, await firstSheetPath(book));
  if (sheet === null) throw new Error('no sheet');
  const shared: string[] = [];
  for (const [, body] of elements((await part(book, 'xl/sharedStrings.xml')) ?? '', 'si')) {
    if (shared.length >= XLSX_CELLS_MAX) throw new ZipRefused('importGuard.tooManyCells');
    shared.push(texts(body));
  }
  const rows: SheetRow[] = [];
  let lastRow = 0;
  let cellCount = 0;
  for (const [rowAttrs, rowBody] of elements(sheet, 'row')) {
    const rowNo = Number(attr(rowAttrs, 'r') ?? lastRow + 1);
    lastRow = rowNo;
    const cells = new Map<number, string>();
    let lastCol = 0;
    for (const [cellAttrs, body] of elements(rowBody, 'c')) {
      if (++cellCount > XLSX_CELLS_MAX) throw new ZipRefused('importGuard.tooManyCells');
      const ref = attr(cellAttrs, 'r');
      const col = ref ? columnOf(ref) : lastCol + 1;
      lastCol = col;
      const type = attr(cellAttrs, 't') ?? 'n';
      const value = valueOf(body);
      let text: string;
      if (type === 'inlineStr') text = texts(body);
      else if (value === undefined) continue;
      else if (type === 's') text = shared[Number(value)] ?? '';
      else if (type === 'b') text = value === '1' ? 'true' : 'false';
      // A number as a spreadsheet program shows it plainly (447700900123, not 4.477E+11).
      else if (type === 'n') text = String(Number(value));
      else text = unescape(value);
      if (text !== '') cells.set(col, text);
    }
    if (cells.size === 0) continue;
    // The header and IMPORT_ROWS_MAX rows: a longer sheet is refused, not read to its end.
    if (rows.length > IMPORT_ROWS_MAX) throw new ZipRefused('importGuard.tooManyRows');
    rows.push({ rowNo, cells });
  }
  return rows;
}
