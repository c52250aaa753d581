import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { RoleIds, type RoleName } from '@cti/access';
import type { AccessClaims, NewEvent } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox, type Clock } from '@cti/service-kit';
import { createTestContext, eventually, signTestToken, type TestContext } from '@cti/testing';

import { documentsService } from '../../src/app';
import type { DocumentsApp } from '../../src/db';

import { fileUpload } from './sample-files';

export interface DocumentsTestBed {
  ctx: TestContext;
  app: DocumentsApp;
  storageDir: string;
  close(): Promise<void>;
}

/** The documents service on its own database, event stream and storage directory. */
export async function startDocuments(env: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<DocumentsTestBed> {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-docs-test-'));
  const ctx = await createTestContext();
  const app = await ctx.start(documentsService, { STORAGE_DIR: storageDir, RENDER_POOL_SIZE: '1', ...env }, options);
  return {
    ctx,
    app,
    storageDir,
    async close() {
      await ctx.close();
      fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/** A bearer header for someone holding these roles (and groups, flags). */
export function as(roles: RoleName[], more: Partial<AccessClaims> = {}): Record<string, string> {
  const sub = more.sub ?? `${roles.join('-') || 'nobody'}-${Math.random().toString(16).slice(2, 8)}`;
  const token = signTestToken({
    sub,
    name: `Test ${roles.join(' ') || 'User'}`,
    roles: roles.map((r) => RoleIds[r]),
    isAdmin: roles.includes('Admin'),
    ...more,
  });
  return { authorization: `Bearer ${token}` };
}

export const admin = () => as(['Admin'], { sub: 'admin-user', email: 'admin@example.com', name: 'Ada Admin' });

/** Files stored by the local adapter (temporary files of writes in progress included). */
export const storedObjects = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

export async function outboxTypes(app: DocumentsApp): Promise<string[]> {
  const rows = await sql<{ type: string }>`select type from outbox order by seq`.execute(app.db);
  return rows.rows.map((r) => r.type);
}

export async function outboxData(app: DocumentsApp, type: string): Promise<any[]> {
  const rows = await sql<{ payload: { data: unknown } }>`select payload from outbox where type = ${type} order by seq`.execute(app.db);
  return rows.rows.map((r) => r.payload.data);
}

/** Uploads through `POST api/document` as an admin; answers the stored name. */
export async function upload(app: DocumentsApp, fileName: string, data: Buffer, query = '', contentType?: string): Promise<string> {
  const body = fileUpload(fileName, data, contentType);
  const res = await app.inject({
    method: 'POST',
    url: `/api/document${query}`,
    headers: { ...admin(), ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.body;
}

/** Publishes an event other services would (groups, questionnaires) and waits until this service projected it. */
export async function publishAndWait(app: DocumentsApp, event: NewEvent, projected: () => Promise<unknown>): Promise<void> {
  await app.inTransaction((trx) => appendToOutbox(trx, event));
  await eventually(projected, 30_000);
}

export async function givenCountry(app: DocumentsApp, groupId: string, name: string, countryId: string | null = null): Promise<void> {
  await publishAndWait(
    app,
    { type: 'evt.identity.group.created', actor: null, data: { groupId, name, type: 'Country', countryId, logoPath: null } },
    async () => app.db.selectFrom('countries').selectAll().where('groupId', '=', groupId).executeTakeFirst(),
  );
}
