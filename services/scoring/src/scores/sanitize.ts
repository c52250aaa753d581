import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (slate editors) is stored as HTML; only formatting survives: no scripts,
 * styles, event handlers or non-web links. Empty editor output is stored as null.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // links open in a new tab without handing it this window
    a: (tagName, attribs) => ({ tagName, attribs: attribs.href ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs }),
  },
};
// rel and target are set by the transform, so they must survive the attribute filter
options.allowedAttributes = { a: ['href', 'title', 'rel', 'target'] };

export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, options).trim();
  const text = clean
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text ? clean : null;
}
