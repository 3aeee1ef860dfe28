// PGlite on a folder, made durable. PGlite starts PostgreSQL with `-F` (fsync off), and its
// Emscripten NODEFS has no fsync of its own, so even with fsync on a commit reached only the
// page cache: a push answered `applied` (which the kiosk then drops from its outbox) could be
// lost on a power cut. Here PostgreSQL runs with fsync on and wal_sync_method=fsync (fdatasync
// is a no-op in Emscripten), and each fsync of a file reaches the disk through fs.fsyncSync.
import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Init = Awaited<ReturnType<NodeFS['init']>>;
interface NodeStream {
  nfd?: number;
}
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: NodeStream) => number } };
}

export class DurableNodeFS extends NodeFS {
  /** How many files were flushed to disk; a test reads it to see that commits reach the disk. */
  syncs = 0;

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]): Promise<Init> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...((emscriptenOpts.preRun as Array<(mod: unknown) => void> | undefined) ?? []),
      (mod: unknown) => {
        (mod as EmscriptenModule).NODEFS.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          this.syncs++;
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as Init['emscriptenOpts'] };
  }
}

/** PGlite's start parameters with fsync on and a WAL sync method Emscripten implements. */
export const durableStartParams = (): string[] => [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];
