import { instantOf, isSafeLogoPath } from '../src';

describe('instantOf: report bounds that exist', () => {
  it('reads dates (midnight UTC) and dates with times', () => {
    expect(instantOf('2026-02-28')).toBe(Date.UTC(2026, 1, 28));
    expect(instantOf('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(instantOf('2026-02-28T09:30:00.000Z')).toBe(Date.UTC(2026, 1, 28, 9, 30));
    expect(instantOf('2026-02-28T09:30:00+02:00')).toBe(Date.UTC(2026, 1, 28, 7, 30));
  });
  it('refuses days and times that do not exist, which Date.parse moves to another day', () => {
    for (const text of [
      '2026-02-30',
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:60',
    ])
      expect([text, instantOf(text)]).toEqual([text, null]);
  });
  it('refuses what is not an ISO date', () => {
    for (const text of ['yesterday', '', '01/02/2026', '2026-1-1', '+275760-09-13', '2026-01-01T10:00:00ZZ'])
      expect(instantOf(text)).toBeNull();
  });
});

describe('isSafeLogoPath: what a group flag may be', () => {
  it('takes paths of the platform and http(s) addresses', () => {
    for (const path of ['/flags/ie.svg', '/assets/logo.png', 'https://cdn.example.org/flag.svg', 'http://example.org/f.png'])
      expect([path, isSafeLogoPath(path)]).toEqual([path, true]);
  });
  it('refuses scripts, data and other schemes, and addresses of other hosts without a scheme', () => {
    for (const path of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/flag.svg',
      '/\\evil.example/flag.svg',
      'https://',
      'flags/ie.svg',
    ])
      expect([path, isSafeLogoPath(path)]).toEqual([path, false]);
  });
});
