import { EMPTY_VALUE, fromHtml, toHtml } from './rich-text-html';

describe('rich text HTML', () => {
  it('round-trips the editor markup the service keeps', () => {
    const html =
      '<p>Ireland <strong>implemented</strong> the <em>Convention</em>.</p><ul><li>Article XIII</li><li>Article XI</li></ul><blockquote>Quote</blockquote>';
    expect(toHtml(fromHtml(html))).toBe(html);
  });

  it('escapes text and wraps loose text in a paragraph', () => {
    expect(toHtml(fromHtml('a < b & c'))).toBe('<p>a &lt; b &amp; c</p>');
  });

  it('treats an editor with only empty paragraphs as empty', () => {
    expect(toHtml(EMPTY_VALUE)).toBe('');
    expect(fromHtml('')).toBe(EMPTY_VALUE);
  });
});
