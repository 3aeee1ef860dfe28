// The import worker (comlink), started on first use: reading and writing spreadsheets stays
// off the main thread, so the page answers while a large file is read.
import * as Comlink from 'comlink';
import type { ImportWorkerApi } from '../../../../workers/import-reader.worker';

let api: Comlink.Remote<ImportWorkerApi> | null = null;

export function importWorker(): Comlink.Remote<ImportWorkerApi> {
  if (!api) {
    const worker = new Worker(new URL('../../../../workers/import-reader.worker.ts', import.meta.url), {
      type: 'module',
      name: 'gatehouse-import',
    });
    api = Comlink.wrap<ImportWorkerApi>(worker);
  }
  return api;
}
