import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The spec delays scrolling to a URL hash by one second, letting the page settle first. */
export const HASH_SCROLL_DELAY_MS = 1000;

/** What a person does on a page: once they have, the page no longer moves or takes focus by itself. */
const INTERACTIONS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

/**
 * Scrolls to the element named by the URL hash after the delay and moves focus to it,
 * so keyboard and screen-reader users land where sighted users do. Not once the person has
 * started using the page meanwhile (a click, a key, text filled in, a scroll): the jump would
 * move what they are clicking from under the pointer, and the focus would leave the field they
 * are typing in.
 */
export function useHashScroll() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const timer = window.setTimeout(() => {
      stopWatching();
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }, HASH_SCROLL_DELAY_MS);
    const interacted = () => {
      window.clearTimeout(timer);
      stopWatching();
    };
    function stopWatching() {
      for (const type of INTERACTIONS) window.removeEventListener(type, interacted, true);
    }
    for (const type of INTERACTIONS) window.addEventListener(type, interacted, { capture: true, passive: true });
    return interacted;
  }, [hash]);
}
