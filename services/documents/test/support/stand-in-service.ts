import http from 'node:http';

import { urlOf } from '@cti/testing';

export interface RecordedCall {
  method: string;
  path: string;
  serviceToken: string | undefined;
  body: any;
}

type Answer = { status?: number; type?: string; body: string | object };

/**
 * Another service's /internal/ routes on a loopback port (identity's mail, scoring's
 * scorecards), answering as the contract says and recording what it was sent.
 */
export class StandInService {
  readonly calls: RecordedCall[] = [];
  private server: http.Server;

  constructor(private readonly answer: (method: string, path: string, body: any) => Answer | undefined) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = raw && req.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw;
        const path = req.url ?? '/';
        this.calls.push({ method: req.method ?? 'GET', path, serviceToken: req.headers['x-service-token'] as string | undefined, body });
        const a: Answer = this.answer(req.method ?? 'GET', path, body) ?? {
          status: 404,
          body: { statusCode: 404, error: 'Not Found', message: 'Not found' },
        };
        const type = a.type ?? (typeof a.body === 'string' ? 'text/plain' : 'application/json');
        res.writeHead(a.status ?? 200, { 'content-type': type });
        res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return urlOf(this.server);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
