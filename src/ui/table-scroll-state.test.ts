import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrollState } from './table-scroll-state';

describe('a wide table scroll region', () => {
  it('is not a scroll region when the table fits', () => {
    expect(scrollState(390, 390, 0)).toEqual({ scrollable: false, moreStart: false, moreEnd: false });
    expect(scrollState(390.6, 390, 0).scrollable).toBe(false);
  });
  it('shows more at the end before scrolling, at both edges midway, at the start at the end', () => {
    expect(scrollState(760, 358, 0)).toEqual({ scrollable: true, moreStart: false, moreEnd: true });
    expect(scrollState(760, 358, 200)).toEqual({ scrollable: true, moreStart: true, moreEnd: true });
    expect(scrollState(760, 358, 402)).toEqual({ scrollable: true, moreStart: true, moreEnd: false });
  });
  it('reads a right-to-left page (negative scrollLeft) the same way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 3000 }), fc.integer({ min: 100, max: 399 }), fc.nat(), (w, c, at) => {
        const x = at % (w - c + 1);
        expect(scrollState(w, c, -x)).toEqual(scrollState(w, c, x));
      }),
      { numRuns: 100 },
    );
  });
});
