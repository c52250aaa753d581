import { mailFrameDocument } from './mail-frame';

describe('the dev mailbox frame', () => {
  it('keeps the text and links of an e-mail, without the inline styles the CSP refuses', () => {
    const html =
      '<html><head><style type="text/css">p { color: red }</style></head><body style="margin:0"><p STYLE=\'font-weight:bold\'>Hello</p><a href="http://localhost/reset/1" style="color:blue">Reset</a></body></html>';
    const doc = new DOMParser().parseFromString(mailFrameDocument(html), 'text/html');
    expect(doc.querySelectorAll('style, [style]')).toHaveLength(0);
    expect(doc.body.textContent).toBe('HelloReset');
    expect(doc.querySelector('a')?.getAttribute('href')).toBe('http://localhost/reset/1');
    expect(doc.querySelector('base')?.getAttribute('target')).toBe('_top');
  });
});
