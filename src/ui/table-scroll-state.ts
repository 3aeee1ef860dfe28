// Which edges of a horizontal scroll region hide more content. scrollLeft runs 0 → max in a
// left-to-right page and 0 → −max in Chromium's right-to-left one; its distance from 0 is how
// far the reader has moved from the start edge either way.
export interface ScrollState {
  scrollable: boolean;
  moreStart: boolean;
  moreEnd: boolean;
}

export function scrollState(scrollWidth: number, clientWidth: number, scrollLeft: number): ScrollState {
  const max = scrollWidth - clientWidth;
  // Sub-pixel widths (zoom, fractional layouts) leave a pixel of "overflow" that is not real.
  if (max <= 1) return { scrollable: false, moreStart: false, moreEnd: false };
  const moved = Math.min(Math.abs(scrollLeft), max);
  return { scrollable: true, moreStart: moved > 1, moreEnd: moved < max - 1 };
}
