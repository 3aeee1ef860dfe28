// The one horizontal scroll region for wide tables. On a phone a table wider than the screen
// scrolls sideways: the region is then focusable (arrow keys scroll it; axe's
// scrollable-region-focusable), named, and shows a cue (a line saying so and a shadow on each
// edge that has more columns behind it), so nothing looks clipped.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollState, type ScrollState } from './table-scroll-state';
import './table-scroll.css';

export function TableScroll({
  minWidth,
  label,
  children,
}: {
  /** The table's narrowest readable width in px; below it the region scrolls. */
  minWidth: number;
  /** What the region holds, for screen readers (defaults to "Table"). */
  label?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ScrollState>({ scrollable: false, moreStart: false, moreEnd: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // A message row (one cell across the table, e.g. "No exports yet.") stays in view: CSS makes it
    // as wide as what is visible and sticks it to the start edge.
    el.style.setProperty('--gh-visible-width', `${el.clientWidth}px`);
    const next = scrollState(el.scrollWidth, el.clientWidth, el.scrollLeft);
    setState((s) =>
      s.scrollable === next.scrollable && s.moreStart === next.moreStart && s.moreEnd === next.moreEnd ? s : next,
    );
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <div className="gh-table-scroll" data-testid="table-scroll" data-scrollable={state.scrollable}>
      {state.scrollable ? (
        <p className="gh-table-scroll-hint" data-testid="table-scroll-hint">
          <span aria-hidden="true">⇆ </span>
          {t('tableScroll.hint')}
        </p>
      ) : null}
      <div className="gh-table-scroll-frame" data-more-start={state.moreStart} data-more-end={state.moreEnd}>
        <div
          ref={ref}
          className="gh-table-scroll-viewport"
          onScroll={measure}
          {...(state.scrollable ? { tabIndex: 0, role: 'region', 'aria-label': label ?? t('tableScroll.label') } : {})}
        >
          <div style={{ minInlineSize: minWidth }}>{children}</div>
        </div>
      </div>
    </div>
  );
}
