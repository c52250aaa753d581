import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The spec delays scrolling to a URL hash by one second, letting the page settle first. */
export const HASH_SCROLL_DELAY_MS = 1000;

/**
 * Scrolls to the element named by the URL hash after the delay and moves focus to it,
 * so keyboard and screen-reader users land where sighted users do.
 */
export function useHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const timer = window.setTimeout(() => {
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash]);
}
