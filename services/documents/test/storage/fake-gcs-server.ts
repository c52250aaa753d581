import { createHash, createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import http from 'node:http';

import { urlOf } from '@cti/testing';

interface StoredObject {
  data: Buffer;
  contentType: string;
  generation: number;
}

/** RFC 3986 encoding, as Google's canonical query strings use. */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A minimal Google Cloud Storage JSON API on a loopback port: simple (multipart) uploads
 * with generation preconditions, metadata, media downloads with MD5 hashes, deletes, bucket
 * look-ups, and v4 signed URLs whose RSA signature is checked with the service account's key.
 */
export class FakeGcsServer {
  readonly objects = new Map<string, StoredObject>();
  readonly requests: string[] = [];
  readonly keyPair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  private readonly publicKey: KeyObject = createPublicKey(this.keyPair.publicKey);
  private server = http.createServer((req, res) => void this.handle(req, res));
  private generation = 1;

  constructor(readonly bucket: string) {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return urlOf(this.server);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The service-account key file the client is given. */
  credentials(projectId = 'test-project') {
    return {
      type: 'service_account',
      project_id: projectId,
      private_key_id: 'k1',
      private_key: this.keyPair.privateKey,
      client_email: `documents@${projectId}.iam.gserviceaccount.com`,
      client_id: '1',
      token_uri: 'http://127.0.0.1:9/token',
    };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    this.requests.push(`${req.method} ${url.pathname}`);
    const body = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const notFound = () => json(404, { error: { code: 404, message: 'No such object' } });
    const objectPath = new RegExp(`^/storage/v1/b/${this.bucket}/o/(.+)$`).exec(url.pathname);

    if (req.method === 'POST' && url.pathname === `/upload/storage/v1/b/${this.bucket}/o`) {
      const name = url.searchParams.get('name')!;
      if (url.searchParams.get('ifGenerationMatch') === '0' && this.objects.has(name))
        return json(412, { error: { code: 412, message: 'Precondition Failed' } });
      const boundary = /boundary="?([^";]+)"?/.exec(req.headers['content-type'] ?? '')![1];
      const parts = splitMultipart(body, boundary);
      const metadata = JSON.parse(parts[0].body.toString('utf8')) as { contentType?: string };
      const data = parts[1].body;
      const object = {
        data,
        contentType: metadata.contentType ?? parts[1].type ?? 'application/octet-stream',
        generation: this.generation++,
      };
      this.objects.set(name, object);
      return json(200, this.metadataOf(name, object));
    }
    if (objectPath && req.method === 'GET') {
      const name = decodeURIComponent(objectPath[1]);
      const object = this.objects.get(name);
      if (!object) return notFound();
      if (url.searchParams.get('alt') !== 'media') return json(200, this.metadataOf(name, object));
      res.writeHead(200, {
        'content-type': object.contentType,
        'x-goog-hash': `md5=${createHash('md5').update(object.data).digest('base64')}`,
        'x-goog-stored-content-encoding': 'identity',
      });
      return res.end(object.data);
    }
    if (objectPath && req.method === 'DELETE') {
      return this.objects.delete(decodeURIComponent(objectPath[1])) ? (res.writeHead(204), res.end()) : notFound();
    }
    if (req.method === 'GET' && url.pathname === `/storage/v1/b/${this.bucket}`)
      return json(200, { kind: 'storage#bucket', name: this.bucket });

    const signedPath = new RegExp(`^/${this.bucket}/(.+)$`).exec(url.pathname);
    if (signedPath && req.method === 'GET' && url.searchParams.has('X-Goog-Signature')) {
      if (!this.signatureValid(req.method, url)) return json(403, { error: { code: 403, message: 'SignatureDoesNotMatch' } });
      const date = url.searchParams.get('X-Goog-Date')!;
      const issued = Date.UTC(
        +date.slice(0, 4),
        +date.slice(4, 6) - 1,
        +date.slice(6, 8),
        +date.slice(9, 11),
        +date.slice(11, 13),
        +date.slice(13, 15),
      );
      if (issued + Number(url.searchParams.get('X-Goog-Expires')) * 1000 < Date.now())
        return json(400, { error: { code: 400, message: 'ExpiredToken' } });
      const object = this.objects.get(decodeURIComponent(signedPath[1]));
      if (!object) return notFound();
      res.writeHead(200, {
        'content-type': url.searchParams.get('response-content-type') ?? object.contentType,
        ...(url.searchParams.has('response-content-disposition')
          ? { 'content-disposition': url.searchParams.get('response-content-disposition')! }
          : {}),
      });
      return res.end(object.data);
    }
    json(400, { error: { code: 400, message: `fake GCS does not serve ${req.method} ${url.pathname}` } });
  }

  private metadataOf(name: string, object: StoredObject) {
    return {
      kind: 'storage#object',
      name,
      bucket: this.bucket,
      generation: String(object.generation),
      size: String(object.data.length),
      contentType: object.contentType,
      md5Hash: createHash('md5').update(object.data).digest('base64'),
    };
  }

  /** The v4 signature check of Google's documentation: canonical request, string to sign, RSA-SHA256. */
  private signatureValid(method: string, url: URL): boolean {
    const params = [...url.searchParams.entries()].filter(([k]) => k !== 'X-Goog-Signature');
    const canonicalQuery = params
      .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
      .sort()
      .join('&');
    const signedHeaders = url.searchParams.get('X-Goog-SignedHeaders')!;
    const canonicalHeaders = `host:${url.hostname === 'localhost' ? '127.0.0.1' : url.hostname}\n`;
    const canonicalRequest = [method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
    const credential = url.searchParams.get('X-Goog-Credential')!;
    const scope = credential.slice(credential.indexOf('/') + 1);
    const stringToSign = [
      'GOOG4-RSA-SHA256',
      url.searchParams.get('X-Goog-Date'),
      scope,
      createHash('sha256').update(canonicalRequest).digest('hex'),
    ].join('\n');
    return verify('RSA-SHA256', Buffer.from(stringToSign), this.publicKey, Buffer.from(url.searchParams.get('X-Goog-Signature')!, 'hex'));
  }
}

function splitMultipart(body: Buffer, boundary: string): Array<{ type?: string; body: Buffer }> {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Array<{ type?: string; body: Buffer }> = [];
  let start = body.indexOf(delimiter) + delimiter.length;
  while (start > delimiter.length - 1) {
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const chunk = body.subarray(start, next);
    const headerEnd = chunk.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = chunk.subarray(0, headerEnd).toString('utf8');
      parts.push({ type: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1], body: chunk.subarray(headerEnd + 4, chunk.length - 2) });
    }
    start = next + delimiter.length;
  }
  return parts;
}
