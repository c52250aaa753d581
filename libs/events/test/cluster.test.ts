import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { connectEventBus, ensureStream, SubjectSpace, type EventBus } from '@cti/events';
import { startNatsCluster, type RunningNatsCluster } from '@cti/local-infra';
import { eventually } from '@cti/testing';

/**
 * The events stream on a three-node JetStream cluster (nats-server's own clustering on
 * loopback, as `NATS_CLUSTER=3` runs it): kept on every node, and still taking events while
 * any one node is down.
 */
let cluster: RunningNatsCluster;
let storeRoot: string;
const buses: EventBus[] = [];

beforeAll(async () => {
  storeRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-nats-cluster-'));
  cluster = await startNatsCluster({ nodes: 3, storeRoot, name: 'test' });
}, 120_000);
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await cluster?.stop();
  fs.rmSync(storeRoot, { recursive: true, force: true });
});

const connect = async (subjects: SubjectSpace, replicas: number) => {
  const bus = await connectEventBus({ servers: cluster.url, name: 'cluster-test', subjects, replicas });
  buses.push(bus);
  return bus;
};

it('creates the events stream with a copy on each of the three nodes', async () => {
  const bus = await connect(new SubjectSpace('c1', 'CLUSTER_ONE'), 3);
  const info = await bus.jsm.streams.info('CLUSTER_ONE');
  expect(info.config.num_replicas).toBe(3);
  const nodes = [info.cluster!.leader, ...(info.cluster!.replicas ?? []).map((r) => r.name)];
  expect(new Set(nodes)).toEqual(new Set(['test-1', 'test-2', 'test-3']));
});

it('raises a stream made earlier with one copy to three', async () => {
  const subjects = new SubjectSpace('c2', 'CLUSTER_TWO');
  const bus = await connect(subjects, 1);
  expect((await bus.jsm.streams.info(subjects.stream)).config.num_replicas).toBe(1);
  await ensureStream(bus.jsm, subjects, 3);
  expect((await bus.jsm.streams.info(subjects.stream)).config.num_replicas).toBe(3);
  await eventually(async () => ((await bus.jsm.streams.info(subjects.stream)).cluster?.replicas ?? []).length === 2, 60_000);
});

it('takes every event while one node is killed (-9), and the node catches up when it is back', async () => {
  const subjects = new SubjectSpace('c3', 'CLUSTER_THREE');
  const bus = await connect(subjects, 3);
  const publishAll = async (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      // as the outbox relay does: a publish that fails (a leader being elected) is sent again under its id
      await eventually(
        async () => {
          try {
            await bus.js.publish(subjects.toSubject('evt.identity.user.loggedIn'), JSON.stringify({ i }), {
              msgID: `m-${i}`,
              timeout: 1000,
            });
            return true;
          } catch {
            return false;
          }
        },
        60_000,
        100,
      );
    }
  };
  await publishAll(0, 50);
  const leader = (await bus.jsm.streams.info(subjects.stream)).cluster!.leader!;
  const killed = cluster.nodes.find((node) => node.name === leader)!;
  await killed.kill('SIGKILL');
  await publishAll(50, 100);
  expect((await bus.jsm.streams.info(subjects.stream)).state.messages).toBe(100);

  await killed.start();
  await eventually(() => killed.healthy(), 60_000);
  await eventually(async () => {
    const replicas = (await bus.jsm.streams.info(subjects.stream)).cluster?.replicas ?? [];
    return replicas.length === 2 && replicas.every((r) => r.current);
  }, 60_000);
}, 180_000);
