import { fireEvent, screen } from '@testing-library/react';

/**
 * For jsdom tests: the value each form control had when it entered the document, that is
 * what the first frame showing it painted. A value a component fills in after that (an
 * effect after the render that showed the control) is not what these record: it is what
 * the control showed for a frame or more before being filled.
 */
export interface InsertedField {
  /** The control's label text, else its aria-label, else its name. */
  label: string;
  value: string;
  checked: boolean;
}

const labelOf = (el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) =>
  (el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.name).trim();

/** Starts recording; `stop()` restores the DOM methods it wraps. */
export function recordFieldsAsInserted(): {
  fields: InsertedField[];
  first(label: string): InsertedField | undefined;
  /** Clicks the button so named and gives what the labelled fields showed as they appeared (undefined: not shown). */
  shownAfterClicking(button: string, labels: string[]): Array<string | undefined>;
  stop(): void;
} {
  const fields: InsertedField[] = [];
  const record = (node: Node) => {
    if (!(node instanceof Element) || !node.isConnected) return;
    const controls = [...(node.matches('input, textarea, select') ? [node] : []), ...node.querySelectorAll('input, textarea, select')];
    for (const el of controls as Array<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) {
      fields.push({ label: labelOf(el), value: el.value, checked: el instanceof HTMLInputElement && el.checked });
    }
  };
  const { appendChild, insertBefore } = Node.prototype;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    const result = appendChild.call(this, node) as T;
    record(node);
    return result;
  };
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    const result = insertBefore.call(this, node, child) as T;
    record(node);
    return result;
  };
  return {
    fields,
    first: (label) => fields.find((f) => f.label === label),
    shownAfterClicking: (button, labels) => {
      fields.length = 0;
      fireEvent.click(screen.getByRole('button', { name: button }));
      return labels.map((label) => fields.find((f) => f.label === label)?.value);
    },
    stop: () => Object.assign(Node.prototype, { appendChild, insertBefore }),
  };
}
