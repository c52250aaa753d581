import { returnOriginOf, returnOrigins } from '../src/shared/return-origin';

describe('where a payment provider sends the buyer back', () => {
  it('is the origin in use when the installation is reached there, else PUBLIC_URL', () => {
    const origins = returnOrigins('https://index.example.org/', 'https://cti.example.org, not a url,ftp://files.example.org');
    expect(returnOriginOf({ protocol: 'https', host: 'cti.example.org' }, origins)).toBe('https://cti.example.org');
    expect(returnOriginOf({ protocol: 'https', host: 'index.example.org' }, origins)).toBe('https://index.example.org');
    for (const host of ['evil.example', 'cti.example.org.evil.example', 'cti.example.org:444', '', 'a b', 'files.example.org'])
      expect(returnOriginOf({ protocol: 'https', host }, origins)).toBe('https://index.example.org');
    expect(returnOriginOf({ protocol: 'http', host: 'cti.example.org' }, origins)).toBe('https://index.example.org');
  });

  it('accepts the other loopback names of a loopback PUBLIC_URL (make start from 127.0.0.1)', () => {
    const origins = returnOrigins('http://localhost:8080', '');
    expect(returnOriginOf({ protocol: 'http', host: '127.0.0.1:8080' }, origins)).toBe('http://127.0.0.1:8080');
    expect(returnOriginOf({ protocol: 'http', host: '[::1]:8080' }, origins)).toBe('http://[::1]:8080');
    expect(returnOriginOf({ protocol: 'http', host: '127.0.0.1:9090' }, origins)).toBe('http://localhost:8080');
  });
});
