import { hostRedirectUrl } from './host-routing';

const at = (host: string, pathname: string) => ({ protocol: 'https:', host, pathname, search: '?a=1', hash: '#x' });
const config = { environment: 'production' as const, usersHost: 'users.cti.example', indexHost: 'index.cti.example' };

describe('host routing', () => {
  it('sends user-admin routes to the users host and keeps the rest of the address', () => {
    expect(hostRedirectUrl(at('index.cti.example', '/user/manage'), config)).toBe('https://users.cti.example/user/manage?a=1#x');
    expect(hostRedirectUrl(at('users.cti.example', '/user/manage'), config)).toBeNull();
  });

  it('sends other routes to the index host', () => {
    expect(hostRedirectUrl(at('users.cti.example', '/index/42'), config)).toBe('https://index.cti.example/index/42?a=1#x');
    expect(hostRedirectUrl(at('index.cti.example', '/index/42'), config)).toBeNull();
  });

  it('leaves sign-in and password pages on either host', () => {
    for (const path of ['/login', '/forgotPassword', '/resetPassword/abc', '/confirmEmail/a@b.c', '/agree']) {
      expect(hostRedirectUrl(at('users.cti.example', path), config)).toBeNull();
      expect(hostRedirectUrl(at('index.cti.example', path), config)).toBeNull();
    }
  });

  it('is off in development and when the hosts are not configured', () => {
    expect(hostRedirectUrl(at('localhost:8080', '/user/manage'), { ...config, environment: 'development' })).toBeNull();
    expect(hostRedirectUrl(at('localhost:8080', '/user/manage'), { environment: 'production', usersHost: '', indexHost: '' })).toBeNull();
  });
});
