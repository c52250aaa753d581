import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/**
 * A table wider than the screen scrolls sideways; keyboard users can then focus the
 * scroller and use the arrow keys (WCAG 2.1.1, axe "scrollable-region-focusable"). It is
 * a tab stop, a labelled region, only while it overflows (which it also tells).
 */
export function useKeyboardScroll(label: string | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    // applied before the frame is painted: a table that just outgrew its box (rows arrived) and
    // becomes cards on a phone is never drawn as a table first, whose buttons a tap could reach
    // while they are about to be replaced (an opened row menu closed with them)
    const observer = new ResizeObserver(() => flushSync(measure));
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const props = overflows
    ? { tabIndex: 0, role: 'region' as const, 'aria-label': label ? `${label} (scrolls sideways)` : 'Table (scrolls sideways)' }
    : {};
  return [ref, props, overflows] as const;
}

/**
 * The horizontal scroller around a plain `<table>`: `<TableScroll label="Consents"><table>…</table></TableScroll>`.
 * While the table is wider than its box, a line under it says so (no cut-off column goes unnoticed).
 */
export function TableScroll({ label, children }: { label?: string; children: ReactNode }) {
  const [ref, props, overflows] = useKeyboardScroll(label);
  return (
    <>
      <div className="table-scroll" ref={ref} {...props}>
        {children}
      </div>
      {overflows && (
        <p className="scroll-hint" aria-hidden="true">
          Scroll sideways for more columns →
        </p>
      )}
    </>
  );
}
