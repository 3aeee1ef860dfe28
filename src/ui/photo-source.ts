// Where a person's photo comes from. A photo taken on a kiosk travels as a data: URL, which the
// CSP lets an <img> show (img-src data:) but never lets fetch() read (connect-src 'self'), so only
// the server's photo URLs, which need the bearer token, are fetched.
export type PhotoSource = { kind: 'none' } | { kind: 'inline'; url: string } | { kind: 'fetch'; url: string };

export function photoSource(src: string | null | undefined): PhotoSource {
  if (!src) return { kind: 'none' };
  if (/^(data:image\/|blob:)/i.test(src)) return { kind: 'inline', url: src };
  if (/^data:/i.test(src)) return { kind: 'none' };
  return { kind: 'fetch', url: src };
}
