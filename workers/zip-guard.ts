// A zip reader that cannot be turned into a decompression bomb. JSZip inflated
// whatever an entry held: a 1 MB photo zip peaked at 1.4 GB in the admin's tab. Here the central
// directory is read first and every entry's declared size, its ratio and the total are judged
// before one byte is inflated; inflating then streams and stops as soon as the output passes
// what the entry declared (a zip that lies about its sizes is damaged, not trusted).
// DecompressionStream('deflate-raw') is the platform's inflater in browsers, workers and Node.

export interface ZipLimits {
  /** Largest uncompressed size of one entry that may be inflated. */
  entryMaxBytes: number;
  /** Largest uncompressed size of all entries together. */
  totalMaxBytes: number;
  /** Largest number of entries. */
  entriesMax: number;
  /** Largest uncompressed ÷ compressed ratio of an entry above RATIO_FLOOR bytes. */
  ratioMax: number;
}

/** Below this an entry's ratio does not matter: a small part of zeros is harmless. */
const RATIO_FLOOR = 1024 * 1024;

export interface ZipEntry {
  name: string;
  dir: boolean;
  method: number;
  compressedSize: number;
  /** The uncompressed size the central directory declares. */
  size: number;
  headerOffset: number;
}

/** A refusal with its message key (importGuard.* in the locales). */
export class ZipRefused extends Error {
  constructor(readonly problem: string) {
    super(problem);
  }
}

/** Counts what inflating produced, so a caller (and a test) can see it stopped early. */
export interface InflateMeter {
  inflated: number;
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/** The end-of-central-directory record: searched backwards over the comment's 64 KB at most. */
function endRecord(b: Uint8Array): number {
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 0xffff); at--)
    if (u32(b, at) === 0x06054b50) return at;
  throw new ZipRefused('importGuard.damaged');
}

/** Every entry of the central directory, judged against the limits before anything is inflated. */
export function listZip(b: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const end = endRecord(b);
  const count = u16(b, end + 10);
  const dirSize = u32(b, end + 12);
  let at = u32(b, end + 16);
  // ZIP64 (sizes or counts at their 0xFFFF… markers) is never needed for what an import reads.
  if (count === 0xffff || at === 0xffffffff || at + dirSize > b.length) throw new ZipRefused('importGuard.damaged');
  if (count > limits.entriesMax) throw new ZipRefused('importGuard.tooManyEntries');
  const entries: ZipEntry[] = [];
  let total = 0;
  const names = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || u32(b, at) !== 0x02014b50) throw new ZipRefused('importGuard.damaged');
    const nameLength = u16(b, at + 28);
    const entry: ZipEntry = {
      method: u16(b, at + 10),
      compressedSize: u32(b, at + 20),
      size: u32(b, at + 24),
      headerOffset: u32(b, at + 42),
      name: names.decode(b.subarray(at + 46, at + 46 + nameLength)),
      dir: false,
    };
    entry.dir = entry.name.endsWith('/');
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw new ZipRefused('importGuard.tooLarge');
    if (entry.method !== 0 && entry.method !== 8) throw new ZipRefused('importGuard.damaged');
    if (entry.size > RATIO_FLOOR && entry.size > limits.ratioMax * Math.max(1, entry.compressedSize))
      throw new ZipRefused('importGuard.tooLarge');
    total += entry.size;
    if (total > limits.totalMaxBytes) throw new ZipRefused('importGuard.tooLarge');
    entries.push(entry);
    at += 46 + nameLength + u16(b, at + 30) + u16(b, at + 32);
  }
  return entries;
}

const PIECE = 4 * 1024;

/** The entry's compressed bytes, found through its local header. */
function compressedOf(b: Uint8Array, e: ZipEntry): Uint8Array {
  const at = e.headerOffset;
  if (at + 30 > b.length || u32(b, at) !== 0x04034b50) throw new ZipRefused('importGuard.damaged');
  const start = at + 30 + u16(b, at + 26) + u16(b, at + 28);
  if (start + e.compressedSize > b.length) throw new ZipRefused('importGuard.damaged');
  return b.subarray(start, start + e.compressedSize);
}

/**
 * The entry's bytes. Refused unread when it declares more than `max`; inflating stops as soon as
 * the output passes the declared size, so memory never holds more than that plus one chunk.
 */
export async function inflateEntry(
  b: Uint8Array,
  e: ZipEntry,
  max: number,
  meter: InflateMeter = { inflated: 0 },
): Promise<Uint8Array> {
  if (e.size > max) throw new ZipRefused('importGuard.tooLarge');
  const input = compressedOf(b, e);
  if (e.method === 0) {
    if (input.length !== e.size) throw new ZipRefused('importGuard.damaged');
    meter.inflated += input.length;
    return input.slice();
  }
  const out = new Uint8Array(e.size);
  let filled = 0;
  // Fed in small pieces, pulled only when the inflater wants more: one piece inflates to a few MB
  // at most (deflate's ratio is at most ~1,032), so a bomb is caught before it fills memory.
  let pos = 0;
  const source = new ReadableStream<BufferSource>(
    {
      pull(c) {
        if (pos >= input.length) return c.close();
        c.enqueue(input.slice(pos, pos + PIECE));
        pos += PIECE;
      },
    },
    { highWaterMark: 0 },
  );
  const reader = source.pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      meter.inflated += value.length;
      if (filled + value.length > e.size) throw new ZipRefused('importGuard.damaged');
      out.set(value, filled);
      filled += value.length;
    }
  } catch (err) {
    void reader.cancel().catch(() => undefined);
    throw err instanceof ZipRefused ? err : new ZipRefused('importGuard.damaged');
  }
  if (filled !== e.size) throw new ZipRefused('importGuard.damaged');
  return out;
}
