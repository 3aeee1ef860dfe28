// Writes the PWA icons (public/icon-192.png, icon-512.png, icon-maskable-512.png) with node
// built-ins only: a gatehouse (roof + walls + open gate) drawn pixel by pixel, deflated with zlib.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BG = [31, 58, 95]; // #1f3a5f, the theme colour
const FG = [255, 255, 255];
const ACCENT = [244, 180, 0]; // the gate

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x / size, y / size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The gatehouse in unit coordinates (0..1), scaled into the centre `scale` of the icon. */
function glyph(u, v) {
  const inRoof = v >= 0.12 && v <= 0.42 && Math.abs(u - 0.5) <= (v - 0.12) * (0.42 / 0.3);
  const inWalls = u >= 0.16 && u <= 0.84 && v >= 0.42 && v <= 0.88;
  const inGate = u >= 0.38 && u <= 0.62 && v >= 0.56 && v <= 0.88;
  const inBar = inGate && (Math.abs(u - 0.44) < 0.012 || Math.abs(u - 0.5) < 0.012 || Math.abs(u - 0.56) < 0.012);
  if (inBar) return ACCENT;
  if (inGate) return BG;
  if (inRoof || inWalls) return FG;
  return null;
}

function icon({ scale, rounded }) {
  return (x, y) => {
    if (rounded) {
      const r = 0.18; // corner radius as a fraction of the size
      const cx = Math.min(Math.max(x, r), 1 - r),
        cy = Math.min(Math.max(y, r), 1 - r);
      if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return [0, 0, 0, 0];
    }
    const u = (x - 0.5) / scale + 0.5,
      v = (y - 0.5) / scale + 0.5;
    const c = u >= 0 && u <= 1 && v >= 0 && v <= 1 ? glyph(u, v) : null;
    return [...(c ?? BG), 255];
  };
}

const out = new URL('../public/', import.meta.url);
writeFileSync(new URL('icon-192.png', out), png(192, icon({ scale: 0.8, rounded: true })));
writeFileSync(new URL('icon-512.png', out), png(512, icon({ scale: 0.8, rounded: true })));
// Maskable: full bleed, glyph inside the 80 % safe zone.
writeFileSync(new URL('icon-maskable-512.png', out), png(512, icon({ scale: 0.6, rounded: false })));
writeFileSync(new URL('apple-touch-icon.png', out), png(180, icon({ scale: 0.75, rounded: false })));
console.log('icons written to public/');
