// The import worker: reads an uploaded spreadsheet and writes the template off the
// main thread, so a 10,000-row file never freezes the page. The file is judged by its content
// (domain/import.ts sniffSpreadsheet), not its name; xlsx-rows.ts reads it, exceljs writes the template.
import * as Comlink from 'comlink';
import {
  fileProblem,
  IMPORT_COLUMNS,
  normalRow,
  sniffSpreadsheet,
  type ImportColumn,
  type ImportRow,
} from '../domain/import';
import { readFirstSheet, type SheetRow } from './xlsx-rows';
import { readPhotoZip, type PhotosResult } from './photo-zip';
import { ZipRefused } from './zip-guard';

export type { PhotosResult, ZipPhoto } from './photo-zip';

export type ReadResult =
  | {
      ok: true;
      rows: Array<{ row_no: number; data: ImportRow }>;
      /** Time spent reading in the worker. */ parseMs: number;
    }
  | { ok: false; problem: string };

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

async function read(buffer: ArrayBuffer, headers: Record<ImportColumn, string[]>): Promise<ReadResult> {
  const started = performance.now();
  const bytes = new Uint8Array(buffer);
  const problem = fileProblem(sniffSpreadsheet(bytes), bytes.byteLength);
  if (problem) return { ok: false, problem };
  let sheet: SheetRow[];
  try {
    sheet = await readFirstSheet(buffer);
  } catch (err) {
    return { ok: false, problem: err instanceof ZipRefused ? err.problem : 'import.fileProblems.unreadable' };
  }
  // Row 1 is the header: it names the columns (in the admin's language or as the column keys);
  // a header we do not recognise (another language's template) is read in the template's order.
  const byName = new Map<string, ImportColumn>();
  for (const c of IMPORT_COLUMNS) for (const h of headers[c]) byName.set(norm(h), c);
  const positions = new Map<number, ImportColumn>();
  const first = sheet[0]?.rowNo === 1 ? sheet[0] : undefined;
  for (const [col, text] of first?.cells ?? []) {
    const column = byName.get(norm(text));
    if (column) positions.set(col, column);
  }
  if (positions.size === 0) IMPORT_COLUMNS.forEach((c, i) => positions.set(i + 1, c));
  const rows: Array<{ row_no: number; data: ImportRow }> = [];
  for (const row of sheet) {
    if (row.rowNo === 1) continue;
    const data: Partial<ImportRow> = {};
    for (const [col, column] of positions) data[column] = row.cells.get(col) ?? '';
    const clean = normalRow(data);
    if (IMPORT_COLUMNS.some((c) => clean[c])) rows.push({ row_no: row.rowNo, data: clean });
  }
  if (rows.length === 0) return { ok: false, problem: 'import.noRows' };
  return { ok: true, rows, parseMs: performance.now() - started };
}

/** The template: the columns in the admin's language, an example row, and the user types to use. */
async function template(
  header: string[],
  example: string[],
  typesTitle: string,
  userTypes: string[],
  rtl: boolean,
): Promise<ArrayBuffer> {
  // exceljs (a large module) is loaded only to write the template; reading does not need it.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Users', { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }] });
  sheet.addRow(header).font = { bold: true };
  sheet.addRow(example);
  // Phone numbers and cards stay text, so Excel does not turn them into numbers with exponents.
  sheet.columns.forEach((col) => {
    col.width = 24;
    col.numFmt = '@';
  });
  const types = book.addWorksheet(typesTitle, { views: [{ rightToLeft: rtl }] });
  types.addRow([typesTitle]).font = { bold: true };
  for (const name of userTypes) types.addRow([name]);
  types.getColumn(1).width = 30;
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}

/** The photo zip's pictures, moved to the page without a copy. */
async function readPhotos(buffer: ArrayBuffer): Promise<PhotosResult> {
  const result = await readPhotoZip(buffer);
  if (!result.ok) return result;
  return Comlink.transfer(
    result,
    result.photos.map((p) => p.bytes.buffer as ArrayBuffer),
  );
}

export const importWorkerApi = { read, template, readPhotos };
export type ImportWorkerApi = typeof importWorkerApi;

Comlink.expose(importWorkerApi);
