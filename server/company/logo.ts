// The company logo (spec 1 §5 files: ≥ 200 × 45 px, ≤ 2 MB; PNG/JPG/SVG judged by
// content). PNG and JPEG are decoded and re-encoded (server/uploads/image-decode.ts). No SVG
// sanitiser runs server-side here without a browser DOM, so an SVG is refused outright when it
// holds anything active: scripts, foreignObject, event handlers, external references, a DOCTYPE.
// It is also served under a sandboxing CSP (company.routes.ts), so a missed case still cannot run.
import { invalid } from '../http/api-error';
import { MAX_IMAGE_PIXELS, readImageHeader, reencodeImage } from '../uploads/image-decode';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MIN = { width: 200, height: 45 } as const;

export interface CheckedLogo {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  width: number;
  height: number;
}

const refuse = (key: string) => invalid({ logo: [key] });

/** Accepts a data URL or bare base64; throws a 400 with a field error on `logo` otherwise. */
export async function checkLogo(input: string): Promise<CheckedLogo> {
  const base64 = input.replace(/^data:[^;,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw refuse('company.validation.logo_type');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw refuse('company.validation.logo_type');
  if (bytes.length > LOGO_MAX_BYTES) throw refuse('company.validation.logo_too_big');
  const header = await readImageHeader(bytes);
  if (header) {
    if (header.width < LOGO_MIN.width || header.height < LOGO_MIN.height)
      throw refuse('company.validation.logo_too_small');
    if (header.width * header.height > MAX_IMAGE_PIXELS) throw refuse('company.validation.logo_too_big');
    const image = await reencodeImage(bytes);
    if (!image) throw refuse('company.validation.logo_type');
    return { bytes: image.bytes, mime: image.mime, width: image.width, height: image.height };
  }
  const text = svgText(bytes);
  if (text === null) throw refuse('company.validation.logo_type');
  if (svgHazard(text)) throw refuse('company.validation.logo_svg_unsafe');
  const size = svgSize(text);
  if (!size) throw refuse('company.validation.logo_type');
  if (size.width < LOGO_MIN.width || size.height < LOGO_MIN.height) throw refuse('company.validation.logo_too_small');
  return { bytes, mime: 'image/svg+xml', width: Math.round(size.width), height: Math.round(size.height) };
}

/** The document as text when its first element is <svg> (after an XML declaration and comments). */
export function svgText(bytes: Buffer): string | null {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) return null;
  const rest = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  return /^<svg[\s>]/i.test(rest) ? text : null;
}

const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);

/** What makes an SVG active or lets it fetch something, or null when it has none of it. */
export function svgHazard(text: string): 'doctype' | 'element' | 'handler' | 'reference' | null {
  if (/<!DOCTYPE|<!ENTITY|<\?xml-stylesheet/i.test(text)) return 'doctype';
  for (const [, tag] of text.matchAll(/<\s*([A-Za-z_][-\w:.]*)/g)) {
    const local = tag!.toLowerCase().split(':').pop()!;
    if (FORBIDDEN_ELEMENTS.has(local)) return 'element';
  }
  for (const [, attr] of text.matchAll(/[\s"'/]([A-Za-z_][-\w:.]*)\s*=/g)) {
    if (/^on/i.test(attr!.split(':').pop()!)) return 'handler';
  }
  // Only in-document references (#id) are kept: any other href, url(), @import or scheme is external.
  for (const [, , value] of text.matchAll(/\bhref\s*=\s*(["'])(.*?)\1/gis))
    if (!value!.startsWith('#')) return 'reference';
  for (const [, value] of text.matchAll(/url\(\s*['"]?([^'")]*)/gi))
    if (!value!.trim().startsWith('#')) return 'reference';
  if (/@import|javascript:|\bdata:/i.test(text)) return 'reference';
  return null;
}

const length = (value: string | undefined): number | null => {
  const match = value && /^\s*([\d.]+)\s*(px)?\s*$/.exec(value);
  const n = match ? Number(match[1]) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** Width and height from the root's width/height attributes, else from its viewBox. */
export function svgSize(text: string): { width: number; height: number } | null {
  const root = /<svg\b([^>]*)>/i.exec(text)?.[1] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const width = length(attr('width'));
  const height = length(attr('height'));
  if (width && height) return { width, height };
  const box = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0)
    return { width: box[2]!, height: box[3]! };
  return null;
}
