/** `<style>` blocks and `style="…"` attributes of e-mail HTML (our own templates, so plainly written). */
const STYLE_ELEMENTS = /<style\b[^>]*>[\s\S]*?<\/style\s*>/gi;
const STYLE_ATTRIBUTES = /\sstyle\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

/**
 * The document a dev-mailbox frame shows for one e-mail. A srcdoc frame lives under the
 * app's Content Security Policy, which refuses inline styles, and e-mail HTML is full of
 * them: they are dropped here, before the HTML is parsed (parsing a style attribute is
 * already a refusal), since the text and links are what the mailbox is for. Links open
 * in the whole window.
 */
export function mailFrameDocument(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(STYLE_ELEMENTS, '').replace(STYLE_ATTRIBUTES, ''), 'text/html');
  const base = doc.createElement('base');
  base.target = '_top';
  doc.head.prepend(base);
  return `<!doctype html>${doc.documentElement.outerHTML}`;
}
