// A Vite plugin that writes name.br and name.gz beside every text file of the build, once, at
// the highest levels: the server sends them as they are (server/http/static.ts, preCompressed)
// instead of compressing on every request. Runs last, after the service worker is written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Smaller files gain nothing worth a second request variant. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Compresses every text file under dir; returns how many files were compressed. */
export function precompressDir(dir: string): number {
  let done = 0;
  for (const path of filesUnder(dir)) {
    if (!TEXT.test(path)) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    done++;
  }
  return done;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'gatehouse-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
