import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

import { HASH_SCROLL_DELAY_MS, useHashScroll } from './use-hash-scroll';

function FormBelow() {
  useHashScroll();
  return (
    <>
      <input aria-label="Search" />
      <section id="free-access">
        <input aria-label="Name" />
      </section>
    </>
  );
}

const scrolled: string[] = [];
beforeEach(() => {
  jest.useFakeTimers();
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.id);
  };
});
afterEach(() => jest.useRealTimers());

const open = () =>
  render(
    <MemoryRouter initialEntries={['/login#free-access']}>
      <FormBelow />
    </MemoryRouter>,
  );

it('moves to the hash target a second after opening, and gives it focus', () => {
  open();
  act(() => jest.advanceTimersByTime(HASH_SCROLL_DELAY_MS));
  expect(scrolled).toEqual(['free-access']);
  expect(document.activeElement?.id).toBe('free-access');
});

it('neither moves nor takes focus once the person started typing within that second', () => {
  open();
  const name = screen.getByLabelText('Name');
  name.focus();
  fireEvent.keyDown(name, { key: 'T' });
  fireEvent.change(name, { target: { value: 'T' } });
  act(() => jest.advanceTimersByTime(HASH_SCROLL_DELAY_MS * 2));
  expect(scrolled).toEqual([]);
  expect(document.activeElement).toBe(name);
});

it('nor once a field was filled in (pasted, or filled by the browser) within that second', () => {
  open();
  const name = screen.getByLabelText('Name');
  name.focus();
  fireEvent.input(name, { target: { value: 'Tess' } });
  act(() => jest.advanceTimersByTime(HASH_SCROLL_DELAY_MS * 2));
  expect(scrolled).toEqual([]);
  expect(document.activeElement).toBe(name);
});

it('does not move the page from under a click made within that second', () => {
  open();
  fireEvent.pointerDown(screen.getByLabelText('Search'));
  act(() => jest.advanceTimersByTime(HASH_SCROLL_DELAY_MS * 2));
  expect(scrolled).toEqual([]);
});
