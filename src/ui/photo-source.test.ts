import { describe, expect, it } from 'vitest';
import { photoSource } from './photo-source';

describe('a person photo source', () => {
  it('shows a kiosk-taken data: photo directly instead of fetching it (the CSP refuses that fetch)', () => {
    expect(photoSource('data:image/jpeg;base64,AAAA')).toEqual({ kind: 'inline', url: 'data:image/jpeg;base64,AAAA' });
    expect(photoSource('blob:http://x/1')).toEqual({ kind: 'inline', url: 'blob:http://x/1' });
  });
  it('fetches the server photo URLs with the token, and shows initials without a photo', () => {
    expect(photoSource('/api/users/photo/1?v=2')).toEqual({ kind: 'fetch', url: '/api/users/photo/1?v=2' });
    expect(photoSource('')).toEqual({ kind: 'none' });
    expect(photoSource(null)).toEqual({ kind: 'none' });
    // A data: URL that is not an image is never put in an <img>, and is not fetched either.
    expect(photoSource('data:text/html,<b>x</b>').kind).toBe('none');
  });
});
