import sanitizeHtml from 'sanitize-html';

/** What the slate editors produce: paragraphs, headings, lists, quotes, marks and links. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'ul', 'ol', 'li', 'blockquote', 'h3', 'h4', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  disallowedTagsMode: 'discard',
};
// the transform adds rel/target after filtering: allow them on output
RICH_TEXT.allowedAttributes = { a: ['href', 'rel', 'target'] };

/** Rich text (admin notes, wysiwyg answers) as stored: only the editor's own markup survives. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, RICH_TEXT).trim();

/** Plain text of rich text, for audit display and emptiness checks. */
export const richTextToPlain = (html: string): string =>
  sanitizeHtml(html.replace(/<\/(p|li|h3|h4|blockquote)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
