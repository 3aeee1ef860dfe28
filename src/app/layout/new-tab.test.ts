import { describe, expect, it } from 'vitest';
import { newTabTarget } from './new-tab';

describe('new-tab links', () => {
  it('open a new tab in a browser', () => {
    expect(newTabTarget(false)).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
  });
  it('stay in the same window when the app runs installed (standalone)', () => {
    expect(newTabTarget(true)).toEqual({});
  });
});
