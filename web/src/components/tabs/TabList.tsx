import type { KeyboardEvent, ReactNode } from 'react';

export interface TabListProps<T extends string> {
  /** The tabs in order: their key and what they read. */
  tabs: ReadonlyArray<readonly [key: T, label: ReactNode]>;
  selected: T;
  onSelect(tab: T): void;
  /** The tablist's accessible name. */
  label: string;
  /** Each tab's element id (the panel names its tab with it). */
  idOf(tab: T): string;
  /** The id of the panel the tabs control. */
  panelId: string;
  className?: string;
}

const KEY_MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * Tabs as the WAI-ARIA tabs pattern has them: Tab reaches the selected tab only (roving
 * tabindex), the arrow keys move to the next or previous tab (wrapping), Home and End to the
 * first and last; moving selects (automatic activation).
 */
export function TabList<T extends string>({ tabs, selected, onSelect, label, idOf, panelId, className }: TabListProps<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const at = tabs.findIndex(([key]) => key === selected);
    const [next] = tabs[move(at, tabs.length)];
    onSelect(next);
    document.getElementById(idOf(next))?.focus();
  };
  return (
    <div className={className ? `tabs ${className}` : 'tabs'} role="tablist" aria-label={label}>
      {tabs.map(([key, text]) => (
        <button
          key={key}
          type="button"
          role="tab"
          id={idOf(key)}
          aria-selected={selected === key}
          aria-controls={panelId}
          tabIndex={selected === key ? 0 : -1}
          onKeyDown={onKeyDown}
          onClick={() => onSelect(key)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
