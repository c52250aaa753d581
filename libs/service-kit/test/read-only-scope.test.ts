import { READ_ONLY_SCOPE } from '@cti/access';
import { ApiKeyMessages } from '@cti/contracts';
import { defineService } from '@cti/service-kit';
import { signTestToken, serviceUnderTest } from '@cti/testing';

/** A service with a read and a write route, guarded and not. */
const probeService = defineService({
  name: 'probe',
  defaultPort: 0,
  async plugin(app) {
    app.get('/api/probe/read', { preHandler: app.requireUser }, async (req) => ({ sub: req.principal?.sub }));
    app.post('/api/probe/write', { preHandler: app.requireUser }, async () => ({ wrote: true }));
    app.post('/api/probe/open', async () => ({ wrote: true }));
  },
});

const probe = serviceUnderTest(probeService);

const keyToken = { authorization: `Bearer ${signTestToken({ sub: 'u-1', roles: [6], scope: READ_ONLY_SCOPE })}` };
const sessionToken = { authorization: `Bearer ${signTestToken({ sub: 'u-1', roles: [6] })}` };

describe('tokens minted for a personal API key (scope read-only)', () => {
  it('read: GET and HEAD are served as for the owner', async () => {
    expect((await probe.app.inject({ method: 'GET', url: '/api/probe/read', headers: keyToken })).json()).toEqual({ sub: 'u-1' });
    expect((await probe.app.inject({ method: 'HEAD', url: '/api/probe/read', headers: keyToken })).statusCode).toBe(200);
  });

  it('never write: any other method is 403 with the reason, on guarded and open routes alike', async () => {
    for (const url of ['/api/probe/write', '/api/probe/open']) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
        const res = await probe.app.inject({ method, url, headers: keyToken, payload: {} });
        expect([method, url, res.statusCode, res.json().message]).toEqual([method, url, 403, ApiKeyMessages.readOnly]);
      }
    }
  });

  it('leave session tokens alone', async () => {
    expect((await probe.app.inject({ method: 'POST', url: '/api/probe/write', headers: sessionToken, payload: {} })).json()).toEqual({
      wrote: true,
    });
  });
});
