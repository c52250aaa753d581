import type { Readable } from 'node:stream';

import archiver from 'archiver';
import type { FastifyBaseLogger } from 'fastify';

import type { ExportTable } from './tables';
import { csvStream, safeFileName, xlsxBuffer } from './writers';

export interface NamedTable {
  name: string;
  table: ExportTable;
}

/**
 * The full download: each table as CSV and Excel, then each country's score history in a
 * folder. Files are added one at a time, the next only once the ZIP has taken the previous
 * one in, so memory holds one file at most however many countries there are; a client that
 * goes away stops the work.
 */
export function everythingZip(tables: NamedTable[], countries: AsyncIterable<NamedTable>, log: FastifyBaseLogger): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } });
  let waiting: { resolve: () => void; reject: (err: Error) => void } | null = null;
  let closed = false;
  archive.on('entry', () => waiting?.resolve());
  archive.on('error', (err: Error) => waiting?.reject(err));
  archive.on('close', () => {
    closed = true;
    waiting?.reject(new Error('the download was closed before it was complete'));
  });

  const add = (source: Readable | Buffer, name: string) =>
    new Promise<void>((resolve, reject) => {
      if (closed) return reject(new Error('the download was closed before it was complete'));
      waiting = { resolve, reject };
      archive.append(source, { name });
    });

  const both = async ({ name, table }: NamedTable, folder = '') => {
    const base = `${folder}${safeFileName(name)}`;
    await add(csvStream(table), `${base}.csv`);
    await add(await xlsxBuffer(table), `${base}.xlsx`);
  };

  void (async () => {
    try {
      for (const t of tables) await both(t);
      for await (const t of countries) await both(t, 'Score history/');
      await archive.finalize();
    } catch (err) {
      if (closed) return;
      log.error({ err }, 'full export failed');
      archive.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return archive;
}
