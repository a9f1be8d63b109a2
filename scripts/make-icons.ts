/**
 * Draws the DISH mark (a white bold "D" on a blue rounded square) and writes public/favicon.svg and
 * the PNG icons of the web app manifest. Run with `npx tsx scripts/make-icons.ts` after changing it;
 * the output is committed.
 *
 * The PNGs are drawn pixel by pixel (4×4 samples per pixel for smooth edges) and encoded with
 * node:zlib, so no image library is needed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const BRAND: Rgb = [0x1b, 0x4f, 0x9c];
const WHITE: Rgb = [0xff, 0xff, 0xff];
type Rgb = [number, number, number];

/** Geometry in units of the icon's side (0..1). */
const CORNER_RADIUS = 0.22;

/**
 * A "D" is a rectangle [x0, cx] × [cy - ry, cy + ry] joined to the right half of an ellipse centred on
 * (cx, cy). The glyph is the outer D minus the inner one (its counter).
 */
interface DShape {
  x0: number;
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}
const OUTER: DShape = { x0: 0.3, cx: 0.47, cy: 0.5, rx: 0.25, ry: 0.26 };
const INNER: DShape = { x0: 0.42, cx: 0.47, cy: 0.5, rx: 0.14, ry: 0.15 };

function insideD(d: DShape, x: number, y: number): boolean {
  if (y < d.cy - d.ry || y > d.cy + d.ry || x < d.x0) return false;
  if (x <= d.cx) return true;
  const dx = (x - d.cx) / d.rx;
  const dy = (y - d.cy) / d.ry;
  return dx * dx + dy * dy <= 1;
}

function insideRoundedSquare(x: number, y: number, r: number): boolean {
  if (x < 0 || x > 1 || y < 0 || y > 1) return false;
  // Distance from the nearest corner's centre, only in the corner regions.
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  const dx = x - cx;
  const dy = y - cy;
  return dx * dx + dy * dy <= r * r;
}

interface IconStyle {
  /** Rounded corners with transparent outside, or a full-bleed square (maskable, Apple). */
  fullBleed: boolean;
  /** Glyph scale about the centre: maskable icons keep the glyph inside the 80% safe zone. */
  glyphScale: number;
}

/** Colour and coverage (0..1) of the mark at a point, in icon units. */
function sample(style: IconStyle, x: number, y: number): { color: Rgb; alpha: number } {
  const background = style.fullBleed || insideRoundedSquare(x, y, CORNER_RADIUS);
  if (!background) return { color: BRAND, alpha: 0 };
  const gx = 0.5 + (x - 0.5) / style.glyphScale;
  const gy = 0.5 + (y - 0.5) / style.glyphScale;
  const glyph = insideD(OUTER, gx, gy) && !insideD(INNER, gx, gy);
  return { color: glyph ? WHITE : BRAND, alpha: 1 };
}

const SAMPLES = 4;

/** RGBA pixels, row by row. */
function render(size: number, style: IconStyle): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const { color, alpha } = sample(
            style,
            (px + (sx + 0.5) / SAMPLES) / size,
            (py + (sy + 0.5) / SAMPLES) / size,
          );
          // Premultiplied sums, so transparent samples do not darken the edge.
          r += color[0] * alpha;
          g += color[1] * alpha;
          b += color[2] * alpha;
          a += alpha;
        }
      }
      const offset = (py * size + px) * 4;
      pixels[offset] = a ? Math.round(r / a) : 0;
      pixels[offset + 1] = a ? Math.round(g / a) : 0;
      pixels[offset + 2] = a ? Math.round(b / a) : 0;
      pixels[offset + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A PNG of 8-bit RGBA pixels (colour type 6), every row with filter type 0. */
function encodePng(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (stride + 1)] = 0;
    rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The same mark as SVG, in a 100-unit view box. */
function svg(): string {
  const u = (v: number) => Number((v * 100).toFixed(2));
  const dPath = (d: DShape) =>
    `M${u(d.x0)} ${u(d.cy - d.ry)}H${u(d.cx)}A${u(d.rx)} ${u(d.ry)} 0 0 1 ${u(d.cx)} ${u(d.cy + d.ry)}H${u(d.x0)}Z`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-labelledby="t">',
    '  <title id="t">DISH</title>',
    `  <rect width="100" height="100" rx="${u(CORNER_RADIUS)}" fill="#1b4f9c"/>`,
    `  <path fill="#fff" fill-rule="evenodd" d="${dPath(OUTER)}${dPath(INNER)}"/>`,
    '</svg>',
    '',
  ].join('\n');
}

const publicDir = path.resolve(import.meta.dirname, '..', 'public');
const iconsDir = path.join(publicDir, 'icons');
mkdirSync(iconsDir, { recursive: true });

const standard: IconStyle = { fullBleed: false, glyphScale: 1 };
const icons: { file: string; size: number; style: IconStyle }[] = [
  { file: 'icon-192.png', size: 192, style: standard },
  { file: 'icon-512.png', size: 512, style: standard },
  // Maskable: the platform crops to its own shape; the glyph stays inside the central 80% circle.
  { file: 'icon-maskable-512.png', size: 512, style: { fullBleed: true, glyphScale: 0.8 } },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, style: { fullBleed: true, glyphScale: 0.9 } },
];

writeFileSync(path.join(publicDir, 'favicon.svg'), svg());
console.log('wrote public/favicon.svg');
for (const { file, size, style } of icons) {
  writeFileSync(path.join(iconsDir, file), encodePng(size, render(size, style)));
  console.log(`wrote public/icons/${file} (${size}×${size})`);
}
