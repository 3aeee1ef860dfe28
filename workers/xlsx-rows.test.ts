// The import's light xlsx reader gives each cell the text a spreadsheet program shows: shared
// and inline strings, rich text, numbers written plainly, escaped characters, Arabic, gaps.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readFirstSheet } from './xlsx-rows';

async function workbook(fill: (sheet: ExcelJS.Worksheet) => void): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('Users'));
  book.addWorksheet('Other').addRow(['not read']);
  const bytes = new Uint8Array(await book.xlsx.writeBuffer());
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

describe('readFirstSheet', () => {
  it('reads the first sheet as a spreadsheet program shows its cells', async () => {
    const rows = await readFirstSheet(
      await workbook((sheet) => {
        sheet.addRow(['full_name', 'email', 'phone']);
        sheet.addRow(['Nia & Co <x>', 'nia@acme.test', 447700900123]);
        sheet.addRow([]);
        sheet.addRow(['ليلى أحمد', '', '00966']);
        sheet.getCell('A5').value = { richText: [{ text: 'Rich ' }, { text: 'Text', font: { bold: true } }] };
        sheet.getCell('D5').value = true;
      }),
    );
    expect(rows.map((r) => [r.rowNo, Object.fromEntries(r.cells)])).toEqual([
      [1, { 1: 'full_name', 2: 'email', 3: 'phone' }],
      [2, { 1: 'Nia & Co <x>', 2: 'nia@acme.test', 3: '447700900123' }],
      [4, { 1: 'ليلى أحمد', 3: '00966' }],
      [5, { 1: 'Rich Text', 4: 'true' }],
    ]);
  });

  it('reads inline strings and cells without a reference, as other programs write them', async () => {
    const zip = await JSZip.loadAsync(await workbook((sheet) => sheet.addRow(['x'])));
    zip.file(
      'xl/worksheets/sheet1.xml',
      '<worksheet><sheetData><row r="3"><c t="inlineStr"><is><t>In&#x6C;ine</t></is></c>' +
        '<c t="str"><v>formula text</v></c><c r="E3"><v>1.5</v></c></row></sheetData></worksheet>',
    );
    const rows = await readFirstSheet(await zip.generateAsync({ type: 'arraybuffer' }));
    expect(rows.map((r) => [r.rowNo, Object.fromEntries(r.cells)])).toEqual([
      [3, { 1: 'Inline', 2: 'formula text', 5: '1.5' }],
    ]);
  });

  it('refuses a zip that is not a workbook', async () => {
    const zip = new JSZip();
    zip.file('readme.txt', 'hello');
    await expect(readFirstSheet(await zip.generateAsync({ type: 'arraybuffer' }))).rejects.toThrow();
  });
});
