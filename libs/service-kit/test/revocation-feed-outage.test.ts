import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { connectEventBus, SubjectSpace, type EventBus } from '@cti/events';
import { freePort, startNats, type RunningNats } from '@cti/local-infra';
import { eventually } from '@cti/testing';

import { REVOCATION_EVENT, RevocationFeed, RevocationList } from '../src/revocation';

/**
 * A process that follows revocations loses its NATS connection (the link cut, or the server
 * crashed and came back) while identity publishes a revocation. Once the connection is back,
 * the process must not count as hearing revocations until it has read that one: the gateway
 * answers readers from memory only while it hears them, so a "yes" before the feed has caught
 * up would let a revoked token read a kept answer. And when NATS comes back without its storage,
 * the stream the services make again numbers from 1: the feed must follow the new stream, or it
 * would never hear another revocation and every process would go on accepting revoked tokens.
 */

/** A TCP hop between the feed's connection and NATS that can be cut and mended. */
class CuttableLink {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly target: number,
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

const logger = { info: () => undefined, warn: () => undefined };

/** One process's view: its connection (through the link), its feed and what it knows. */
interface Follower {
  bus: EventBus;
  feed: RevocationFeed;
  list: RevocationList;
}

let nats: RunningNats;
let storeDir: string;
let link: CuttableLink;
/** identity's side: publishes revocations on the stream the follower reads */
let publisher: EventBus;
/** reads a stream that holds revocations */
let follower: Follower;
/** reads a stream in which no revocation was ever published */
let quiet: Follower;
let quietStream: EventBus;

const subjects = new SubjectSpace('revout', 'REVOUT');

async function follow(space: SubjectSpace): Promise<Follower> {
  const list = new RevocationList();
  const bus = await connectEventBus({ servers: `nats://127.0.0.1:${link.port}`, name: 'gateway', subjects: space, createStream: false });
  const feed = new RevocationFeed({ bus, list, logger });
  await feed.start();
  return { bus, feed, list };
}

const revoke = (userId: string) =>
  publisher.js.publish(
    subjects.toSubject(REVOCATION_EVENT),
    JSON.stringify({ type: REVOCATION_EVENT, data: { userId, revokedBefore: new Date().toISOString() } }),
  );
const revoked = (userId: string) => follower.list.isRevoked({ sub: userId, iatMs: Date.now() - 60_000 });
/** What the gateway's `hearsRevocations` answers. */
const hears = (f: Follower) => f.feed.ready && f.bus.isConnected();

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-revocation-outage-'));
  nats = await startNats({ port: await freePort(), storeDir });
  link = new CuttableLink(await freePort(), nats.port);
  await link.open();
  publisher = await connectEventBus({ servers: nats.url, name: 'identity', subjects });
  quietStream = await connectEventBus({ servers: nats.url, name: 'identity', subjects: new SubjectSpace('revnone', 'REVNONE') });
  follower = await follow(subjects);
  quiet = await follow(quietStream.subjects);
  await revoke('before-any-outage');
  await eventually(async () => revoked('before-any-outage'));
  expect([hears(follower), hears(quiet)]).toEqual([true, true]);
}, 60_000);

afterAll(async () => {
  for (const f of [follower, quiet]) {
    await f?.feed.stop();
    await f?.bus.close();
  }
  await publisher?.close();
  await quietStream?.close();
  await link?.cut();
  await nats?.stop();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

/** Samples, every few ms until `userId` is revoked, whether the follower says it hears revocations. */
async function hearsBeforeReading(userId: string): Promise<boolean> {
  const started = Date.now();
  let saidYesTooEarly = false;
  while (!revoked(userId)) {
    if (hears(follower)) saidYesTooEarly = true;
    if (Date.now() - started > 60_000) throw new Error(`${userId} was never heard`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return saidYesTooEarly;
}

it('after its link to NATS was cut while a revocation was published, does not say it hears until it has read it', async () => {
  await link.cut();
  await eventually(async () => !follower.bus.isConnected() && !hears(follower) && !hears(quiet), 30_000);
  await revoke('during-the-cut');

  await link.open();
  expect(await hearsBeforeReading('during-the-cut')).toBe(false);
  await eventually(async () => hears(follower), 30_000);
}, 90_000);

it('hears again once the link is back when nothing was published meanwhile, also on a stream that never held a revocation', async () => {
  await link.cut();
  await eventually(async () => !hears(follower) && !hears(quiet), 30_000);
  await link.open();
  await eventually(async () => hears(follower) && hears(quiet), 30_000);
}, 90_000);

it('after NATS crashed and came back, hears the revocations published from then on', async () => {
  await nats.kill('SIGKILL');
  await eventually(async () => !follower.bus.isConnected() && !hears(follower), 30_000);
  await nats.start();
  await eventually(async () => publisher.isConnected(), 30_000);
  await revoke('after-the-crash');

  await eventually(async () => revoked('after-the-crash'), 30_000);
  await eventually(async () => hears(follower) && hears(quiet), 30_000);
}, 120_000);

it('after NATS came back without its storage (the services made the stream again), hears the revocations published then', async () => {
  await nats.kill('SIGKILL');
  await eventually(async () => !follower.bus.isConnected(), 30_000);
  fs.rmSync(storeDir, { recursive: true, force: true });
  await nats.start();
  await eventually(async () => publisher.isConnected(), 30_000);
  // what the services' buses do when they find the stream missing
  await publisher.ensureStream();
  await quietStream.ensureStream();
  // the new stream numbers from 1 again, below what the feed had read
  await revoke('after-the-storage-loss');

  await eventually(async () => revoked('after-the-storage-loss'), 30_000);
  await eventually(async () => hears(follower) && hears(quiet), 30_000);
}, 120_000);
