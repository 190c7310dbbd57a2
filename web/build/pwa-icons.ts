import { deflateSync } from 'node:zlib';

// The app's PNG icons, drawn at build time from the same shapes as web/public/favicon.svg (two people
// on a sky-blue tile), so no image file is kept in the repository and nothing is downloaded.

const SKY = [0x0e, 0xa5, 0xe9] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
/** Samples per pixel side: 4 × 4 sub-pixels smooth the edges. */
const SUPERSAMPLE = 4;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes 8-bit RGBA pixels (row by row) as a PNG file. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0; // filter: none
    rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Which shape covers a point of the 32 × 32 design: the tile, a person (white), or nothing. */
function shapeAt(x: number, y: number, fullBleed: boolean): 'tile' | 'person' | null {
  const inTile = fullBleed || insideRoundedSquare(x, y, 32, 8);
  if (!inTile) return null;
  const head = (cx: number) => Math.hypot(x - cx, y - 13) <= 4;
  // Shoulders: the upper half of a ring of radius 7 around (cx, 26), 2.2 units wide.
  const shoulders = (cx: number) => y <= 26 && Math.abs(Math.hypot(x - cx, y - 26) - 7) <= 1.1;
  return head(11) || head(21) || shoulders(11) || shoulders(21) ? 'person' : 'tile';
}

function insideRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  if (x < 0 || y < 0 || x > size || y > size) return false;
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

/**
 * The icon at `size` pixels. `any`: a rounded tile on transparency. `maskable` fills the whole square and
 * keeps the people inside the central 80 % a launcher may crop to a circle. `apple`: the whole square
 * (iOS rounds the corners itself).
 */
export function renderIcon(size: number, purpose: 'any' | 'maskable' | 'apple'): Buffer {
  const rgba = new Uint8Array(size * size * 4);
  // A maskable icon shows the 32-unit design in its safe zone, scaled by 0.7 to spare the corners too.
  const scale = purpose === 'maskable' ? 0.7 : 1;
  const fullBleed = purpose !== 'any';
  const inset = (32 - 32 / scale) / 2;
  const n = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let person = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = (((px + (sx + 0.5) / SUPERSAMPLE) / size) * 32) / scale + inset;
          const y = (((py + (sy + 0.5) / SUPERSAMPLE) / size) * 32) / scale + inset;
          const s = shapeAt(x, y, fullBleed);
          if (s === 'tile') tile++;
          else if (s === 'person') person++;
        }
      }
      const covered = tile + person;
      const o = (py * size + px) * 4;
      if (covered === 0) continue;
      for (let c = 0; c < 3; c++) rgba[o + c] = Math.round(((SKY[c] ?? 0) * tile + (WHITE[c] ?? 0) * person) / covered);
      rgba[o + 3] = Math.round((255 * covered) / n);
    }
  }
  return encodePng(size, size, rgba);
}

/** The icons the manifest lists: file name, size, purpose. */
export const PWA_ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable' },
  { file: 'icons/apple-touch-icon.png', size: 180, purpose: 'apple' },
] as const;
