import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

import { HASH_SCROLL_DELAY_MS } from '../../../components/scroll/use-hash-scroll';

import FaqPage, { FAQ } from './FaqPage';

describe('FAQ page', () => {
  it('has ten questions, each an anchored section listed in the table of contents', () => {
    render(
      <MemoryRouter initialEntries={['/about/faq']}>
        <FaqPage />
      </MemoryRouter>,
    );
    expect(FAQ).toHaveLength(10);
    expect(new Set(FAQ.map((q) => q.id)).size).toBe(10);
    for (const q of FAQ) {
      expect(document.getElementById(q.id)?.tagName).toBe('SECTION');
      expect(screen.getByRole('link', { name: q.question }).getAttribute('href')).toBe(`#${q.id}`);
    }
    expect(document.getElementById('watchlist')?.textContent).toContain('added caution');
  });

  it('moves to the #watchlist answer one second after opening /about/faq#watchlist', () => {
    jest.useFakeTimers();
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    render(
      <MemoryRouter initialEntries={['/about/faq#watchlist']}>
        <FaqPage />
      </MemoryRouter>,
    );
    act(() => jest.advanceTimersByTime(HASH_SCROLL_DELAY_MS - 10));
    expect(scrolled).toEqual([]);
    act(() => jest.advanceTimersByTime(10));
    expect(scrolled).toEqual(['watchlist']);
    expect(document.activeElement?.id).toBe('watchlist');
    jest.useRealTimers();
  });
});
