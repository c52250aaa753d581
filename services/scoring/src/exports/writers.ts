import { Readable } from 'node:stream';

import * as XLSX from 'xlsx';

import type { Cell, ExportTable } from './tables';

export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<ExportFormat | 'zip', string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused for spreadsheets. */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/**
 * A table as CSV, one line at a time (constant memory whatever the row count). It starts
 * with a byte-order mark so spreadsheet programs read the UTF-8 country names correctly.
 */
export async function* csvChunks(table: ExportTable): AsyncGenerator<string> {
  yield `\ufeff${csvLine(table.headers)}`;
  for await (const row of table.rows()) yield csvLine(row);
}

export const csvStream = (table: ExportTable) => Readable.from(csvChunks(table));

/**
 * A table as an .xlsx workbook written by SheetJS (the library the ASU Excel uses). SheetJS
 * writes a whole workbook at once, so the rows are added as they come and the book is
 * held for one table only: its size is bounded by countries × periods.
 */
export async function xlsxBuffer(table: ExportTable): Promise<Buffer> {
  const sheet = XLSX.utils.aoa_to_sheet([table.headers]);
  let next = 1;
  for await (const row of table.rows()) {
    XLSX.utils.sheet_add_aoa(sheet, [row], { origin: next++ });
  }
  sheet['!cols'] = table.headers.map((h, i) => ({ wch: Math.max(10, Math.min(40, h.length + 2, i === 0 ? 28 : 40)) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, table.sheet.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** A file name safe on every system: control characters, path separators and reserved characters become spaces. */
export const safeFileName = (name: string) =>
  [...name]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || '/\\:*?"<>|'.includes(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
