// A reader for the first sheet of an .xlsx, cells as text, for the import worker (issue 17).
// exceljs builds a full object model (styles, every cell an object) and took seconds for a
// 10,000-row file; an import only needs each cell's text. An .xlsx is a zip of XML parts: the
// workbook names its first sheet, the relationships give that sheet's part, shared strings hold
// the text cells point at. The XML is read with a few regular expressions (a worker has no
// DOMParser), which is enough for what spreadsheet programs write.
import JSZip from 'jszip';

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
/** The text of every <t> inside (rich text runs joined), phonetic guides left out. */
const texts = (xml: string) =>
  [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t\b[^>]*?(?:\/>|>([\s\S]*?)<\/t>)/g)]
    .map((m) => unescape(m[1] ?? ''))
    .join('');
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

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

async function part(zip: JSZip, path: string): Promise<string | null> {
  const file = zip.file(path.replace(/^\//, ''));
  return file ? file.async('string') : null;
}

/** The first sheet's part: the workbook's first <sheet>, through the workbook's relationships. */
async function firstSheetPath(zip: JSZip): Promise<string> {
  const workbook = (await part(zip, 'xl/workbook.xml')) ?? '';
  const sheet = /<sheet\b[^>]*>/.exec(workbook)?.[0];
  const relId = sheet && /\br:id="([^"]*)"|\bid="([^"]*)"/.exec(sheet);
  const rels = (await part(zip, 'xl/_rels/workbook.xml.rels')) ?? '';
  const id = relId?.[1] ?? relId?.[2];
  for (const rel of rels.match(/<Relationship\b[^>]*>/g) ?? []) {
    if (attr(rel, 'Id') !== id) continue;
    const target = attr(rel, 'Target') ?? '';
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return 'xl/worksheets/sheet1.xml';
}

/** Every non-empty row of the first sheet; throws when the file is not a readable workbook. */
export async function readFirstSheet(buffer: ArrayBuffer): Promise<SheetRow[]> {
  const zip = await JSZip.loadAsync(buffer);
  const sheet = await part(zip, await firstSheetPath(zip));
  if (sheet === null) throw new Error('no sheet');
  const shared = [...((await part(zip, 'xl/sharedStrings.xml')) ?? '').matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>/g)].map(
    (m) => texts(m[1]!),
  );
  const rows: SheetRow[] = [];
  let lastRow = 0;
  for (const r of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const rowNo = Number(attr(r[1]!, 'r') ?? lastRow + 1);
    lastRow = rowNo;
    const cells = new Map<number, string>();
    let lastCol = 0;
    for (const c of (r[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = attr(c[1]!, 'r');
      const col = ref ? columnOf(ref) : lastCol + 1;
      lastCol = col;
      const body = c[2] ?? '';
      const type = attr(c[1]!, 't') ?? 'n';
      const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
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
    if (cells.size > 0) rows.push({ rowNo, cells });
  }
  return rows;
}
