// Streaming file writers for exports: rows go to disk as they come, so a 100,000-row export
// never holds its rows in memory. CSV is UTF-8 with a byte-order mark (spreadsheet apps then
// read Arabic names right) and escapes cells a spreadsheet would run as a formula; xlsx uses
// exceljs's streaming workbook writer.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { csvCell, type Cell } from '../../domain/emergency-csv';
import { formatDate } from '../../domain/date-format';
import { dayIn } from './report-range';

const YIELD_EVERY = 200;

export interface RowWriter {
  row(cells: readonly Cell[]): Promise<void>;
  close(): Promise<void>;
}

async function csvWriter(path: string, header: readonly string[]): Promise<RowWriter> {
  const out = createWriteStream(path, { encoding: 'utf8' });
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write('\uFEFF' + header.map(csvCell).join(',') + '\r\n');
  return {
    row: (cells) => write(cells.map(csvCell).join(',') + '\r\n'),
    async close() {
      out.end();
      await once(out, 'finish');
    },
  };
}

async function xlsxWriter(path: string, header: readonly string[], rtl: boolean): Promise<RowWriter> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Report', { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }] });
  let written = 0;
  const head = sheet.addRow([...header]);

  head.commit();
  return {
    async row(cells) {
      sheet.addRow(cells.map((c) => c ?? null)).commit();
      // exceljs writes rows into an in-memory buffer that its zip stream drains on later turns of
      // the event loop; without yielding, a 100,000-row export buffered all of it (1.4 GB).
      if (++written % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

export function openWriter(format: 'csv' | 'xlsx', path: string, header: readonly string[], rtl: boolean) {
  return format === 'csv' ? csvWriter(path, header) : xlsxWriter(path, header, rtl);
}

const hhmm = new Map<string, Intl.DateTimeFormat>();
/** DD/MM/YYYY HH:mm in the report's time zone (the app's one date format; Latin digits for spreadsheets). */
export function exportDateTime(at: number | null, tz: string): string {
  if (at == null) return '';
  let f = hhmm.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    hhmm.set(tz, f);
  }
  return `${formatDate(dayIn(tz, at), 'en')} ${f.format(at)}`;
}
