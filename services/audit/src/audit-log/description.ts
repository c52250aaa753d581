/** An audit description: HTML for the table, plain text for search and suggestions. */
export interface Description {
  html: string;
  text: string;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => entities[c]);

/** Values a description may interpolate: user text (escaped; null reads as empty) or a built description. */
type Interpolated = string | number | boolean | null | undefined | Description;

const isDescription = (v: Interpolated): v is Description => typeof v === 'object' && v !== null;

/**
 * Tagged template for descriptions: the literal parts are this code's own markup
 * (<b>, <i>), every interpolated value is user text and is escaped in the HTML,
 * except descriptions built the same way, which nest as they are.
 *   html`Created user <b>${name}</b>`
 */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): Description {
  let markup = '';
  let text = '';
  strings.forEach((literal, i) => {
    markup += literal;
    text += literal.replace(/<[^>]*>/g, '');
    if (i >= values.length) return;
    const value = values[i];
    if (isDescription(value)) {
      markup += value.html;
      text += value.text;
    } else {
      const plain = value === null || value === undefined ? '' : String(value);
      markup += escapeHtml(plain);
      text += plain;
    }
  });
  return { html: markup, text: text.replace(/\s+/g, ' ').trim() };
}

/** Joins descriptions with a separator (e.g. a list of changed fields). */
export function joinDescriptions(parts: Description[], separator: string): Description {
  return { html: parts.map((p) => p.html).join(escapeHtml(separator)), text: parts.map((p) => p.text).join(separator) };
}

/** "$20,000.00" from cents. */
export const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Shortens long user text for a one-line description (full text stays in the change record). */
export const clip = (text: string | null | undefined, max = 120) => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};
