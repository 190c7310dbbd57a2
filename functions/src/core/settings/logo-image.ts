import type { LOGO_CONTENT_TYPES } from '@kehila/shared';

/** A logo's declared image type. */
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** File extension of each logo type (the published object's name ends with it). */
export const LOGO_EXTENSIONS: Record<LogoContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

const startsWith = (bytes: Buffer, sig: readonly number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/**
 * Whether the bytes are the raster image type they were uploaded as (the file's signature, not its
 * name or the browser's claim): PNG, JPEG or WebP.
 */
export function isRasterOfType(bytes: Buffer, type: Exclude<LogoContentType, 'image/svg+xml'>): boolean {
  if (type === 'image/png') return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (type === 'image/jpeg') return startsWith(bytes, [0xff, 0xd8, 0xff]);
  return startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8);
}

/**
 * Elements a logo may keep: shapes, text, grouping, gradients, clipping. Everything else (script,
 * foreignObject, image, a, iframe, style, animate/set, which can rewrite links) is dropped with its
 * content.
 */
const ELEMENTS = new Set(
  [
    'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line',
    'polyline', 'polygon', 'text', 'tspan', 'textPath', 'lineargradient', 'radialgradient', 'stop',
    'clippath', 'mask', 'pattern', 'marker', 'filter', 'fegaussianblur', 'feoffset', 'feblend',
    'fecolormatrix', 'fecomposite', 'feflood', 'femerge', 'femergenode', 'femorphology', 'fedropshadow',
  ].map((e) => e.toLowerCase()),
);

/** Attributes a kept element may carry (presentation and geometry); `on*` and the rest are dropped. */
const ATTRIBUTES = new Set(
  [
    'xmlns', 'xmlns:xlink', 'version', 'id', 'class', 'viewbox', 'preserveaspectratio', 'width', 'height', 'x', 'y',
    'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'd', 'points', 'transform', 'fill',
    'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
    'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'clip-path', 'clip-rule', 'mask',
    'offset', 'stop-color', 'stop-opacity', 'gradientunits', 'gradienttransform', 'spreadmethod',
    'patternunits', 'patterntransform', 'patterncontentunits', 'maskunits', 'maskcontentunits', 'clippathunits',
    'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing',
    'dx', 'dy', 'rotate', 'textlength', 'visibility', 'display', 'color', 'style', 'href', 'xlink:href',
    'stddeviation', 'in', 'in2', 'result', 'mode', 'values', 'type', 'operator', 'k1', 'k2', 'k3', 'k4',
    'flood-color', 'flood-opacity', 'filter', 'filterunits', 'primitiveunits', 'markerwidth', 'markerheight',
    'refx', 'refy', 'orient', 'markerunits', 'marker-start', 'marker-mid', 'marker-end', 'radius',
    'startoffset', 'method', 'spacing', 'vector-effect', 'shape-rendering', 'text-rendering', 'xml:space',
  ].map((a) => a.toLowerCase()),
);

/** A reference outside the document (`url(https://…)`, `javascript:`, `@import`…): never kept. */
const EXTERNAL_URL = /url\s*\(\s*['"]?\s*(?!#)|@import|expression\s*\(|javascript:|data:/i;

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** Decodes the five XML entities and numeric references; null for any other entity or a bare '&'. */
function decodeEntities(s: string): string | null {
  let unknown = false;
  const out = s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (_m, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref.startsWith('#x') ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      if (!(code > 0 && code <= 0x10ffff)) unknown = true;
      return unknown ? '' : String.fromCodePoint(code);
    }
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (named[ref] === undefined) unknown = true;
    return named[ref] ?? '';
  });
  // A bare '&' is malformed XML: refused rather than guessed at.
  return unknown || /&(?!#?\w+;)/.test(s) ? null : out;
}

/** Why an SVG was refused, or its sanitised text. */
export type SvgResult = { ok: true; svg: string } | { ok: false; reason: string };

const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!([\s\S]*?)>|<\/\s*([A-Za-z][\w:.-]*)\s*>|<([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)|(<)/g;
const ATTRIBUTE = /([A-Za-z_:][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Rewrites an SVG logo keeping only an allow-list of elements and attributes, and no reference
 * outside the document: the text is tokenised and written out again by us, so nothing the file
 * contains reaches the browser unparsed. A DOCTYPE or entity declaration (entity expansion, external
 * entities), a malformed tag, or a root that is not `<svg>` refuses the file rather than guessing.
 */
export function sanitizeSvg(text: string): SvgResult {
  const out: string[] = [];
  // Open elements: their name and whether they are kept (a dropped element drops its whole subtree).
  const stack: { name: string; kept: boolean }[] = [];
  let sawRoot = false;
  const dropping = () => stack.some((e) => !e.kept);
  for (const m of text.replace(/^\uFEFF/, '').matchAll(TOKEN)) {
    const [whole, cdata, decl, closeName, openName, attrText, selfClose, chars, stray] = m;
    if (stray !== undefined) return { ok: false, reason: 'malformed markup' };
    if (whole.startsWith('<!--') || whole.startsWith('<?')) continue;
    if (decl !== undefined) return { ok: false, reason: 'declarations (DOCTYPE, ENTITY) are not allowed' };
    if (cdata !== undefined) {
      if (!dropping() && stack.length > 0) out.push(escapeText(cdata));
      continue;
    }
    if (chars !== undefined) {
      if (stack.length === 0) {
        if (chars.trim()) return { ok: false, reason: 'text outside the <svg> element' };
        continue;
      }
      const decoded = decodeEntities(chars);
      if (decoded === null) return { ok: false, reason: 'unknown entity' };
      if (!dropping()) out.push(escapeText(decoded));
      continue;
    }
    if (closeName !== undefined) {
      const top = stack.pop();
      if (!top || top.name !== closeName.toLowerCase()) return { ok: false, reason: 'mismatched tags' };
      if (top.kept && !dropping()) out.push(`</${closeName.toLowerCase() === 'svg' ? 'svg' : closeName}>`);
      continue;
    }
    if (openName === undefined) continue;
    const name = openName.toLowerCase();
    if (stack.length === 0) {
      if (sawRoot || name !== 'svg') return { ok: false, reason: 'the root element must be <svg>' };
      sawRoot = true;
    }
    const kept = ELEMENTS.has(name) && !dropping();
    if (kept) {
      const attrs: string[] = [];
      for (const a of (attrText ?? '').matchAll(ATTRIBUTE)) {
        const attr = (a[1] ?? '').toLowerCase();
        const value = decodeEntities(a[2] ?? a[3] ?? '');
        if (value === null) return { ok: false, reason: 'unknown entity' };
        if (!ATTRIBUTES.has(attr)) continue;
        if ((attr === 'href' || attr === 'xlink:href') && !/^#[\w.-]+$/.test(value.trim())) continue;
        if (EXTERNAL_URL.test(value)) continue;
        attrs.push(` ${a[1]}="${escapeAttr(value)}"`);
      }
      out.push(`<${openName}${attrs.join('')}${selfClose ? '/' : ''}>`);
    }
    if (!selfClose) stack.push({ name, kept: ELEMENTS.has(name) });
  }
  if (!sawRoot) return { ok: false, reason: 'the root element must be <svg>' };
  if (stack.length > 0) return { ok: false, reason: 'unclosed tags' };
  return { ok: true, svg: out.join('') };
}
