import Fastify from 'fastify';

import { CachedModel } from '../src/read-models/cache';
import { sendJson } from '../src/read-models/http';
import { etagOf } from '../src/read-models/rebuild';

const body = JSON.stringify([
  { Name: 'Côte d’Ivoire', Score: 71.5 },
  { Name: 'Türkiye', Score: 64 },
]);

describe('a stored answer is sent as the bytes it was encoded into once', () => {
  it('keeps the body’s UTF-8 bytes, and a variant that narrows nothing shares them and the ETag', () => {
    const model = new CachedModel('index-list', etagOf(body), body);
    expect(model.bytes.equals(Buffer.from(body, 'utf8'))).toBe(true);
    const same = model.variant('everyone', (rows: unknown[]) => rows);
    expect(same).toEqual({ etag: model.etag, bytes: model.bytes });
    const narrowed = model.variant('first only', (rows: unknown[]) => rows.slice(0, 1));
    expect(JSON.parse(narrowed.bytes.toString('utf8'))).toEqual([{ Name: 'Côte d’Ivoire', Score: 71.5 }]);
    expect(narrowed.etag).not.toBe(model.etag);
  });

  it('answers JSON with the byte length, non-ASCII names intact, and 304 to its ETag', async () => {
    const model = new CachedModel('index-list', etagOf(body), body);
    const app = Fastify();
    app.get('/list', (request, reply) => sendJson(request, reply, model));
    const res = await app.inject({ method: 'GET', url: '/list' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(res.json()).toEqual(JSON.parse(body));
    const again = await app.inject({ method: 'GET', url: '/list', headers: { 'if-none-match': model.etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    await app.close();
  });
});
