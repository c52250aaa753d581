import { connect } from 'nats';

import { FileCheckpoint } from './checkpoint';
import { AuditChainFollower } from './follower';

/** A durable's name: JetStream keeps your position under it. */
const DURABLE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

function required(name: string, why: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required: ${why}`);
  return value;
}

/**
 * Follows the platform's audit log (README.md says how):
 *   NATS_URL=nats://events.example.org:4222 NATS_PASSWORD=… DURABLE=acme-audit-mirror npm start
 * Optional: NATS_USER (integrations), EVENTS_STREAM (EVENTS), EVENTS_SUBJECT_PREFIX (evt),
 * FROM_STREAM_SEQ (replay from there, under a durable of its own), AUDIT_CHAIN_KEY (recompute
 * hashes), STATE_FILE (.<durable>.json).
 */
async function main() {
  const env = process.env;
  const chosen = required(
    'DURABLE',
    'a name of your own for your durable consumer (e.g. acme-audit-mirror): JetStream keeps your position under it, and a name another team uses would share (and take) their messages',
  );
  if (!DURABLE_NAME.test(chosen)) throw new Error('DURABLE may hold letters, digits, "-" and "_" only (at most 64)');
  const user = env.NATS_USER || 'integrations';
  const password = required('NATS_PASSWORD', `the password of the NATS user ${user}, from the platform's operators`);
  const from = env.FROM_STREAM_SEQ ? Number(env.FROM_STREAM_SEQ) : undefined;
  if (from !== undefined && !(Number.isInteger(from) && from > 0)) throw new Error('FROM_STREAM_SEQ must be a stream sequence (1, 2, …)');
  const nc = await connect({
    servers: (env.NATS_URL ?? 'nats://127.0.0.1:4222').split(','),
    name: chosen,
    user,
    pass: password,
    // replies and pulled messages come to this user's own inboxes, the only ones it may read
    inboxPrefix: `_INBOX.${user}`,
    maxReconnectAttempts: -1,
  });
  const durable = `${chosen}${from ? `-from-${from}` : ''}`;
  const follower = new AuditChainFollower({
    nc,
    stream: env.EVENTS_STREAM || 'EVENTS',
    subject: `${env.EVENTS_SUBJECT_PREFIX || 'evt'}.audit.entry.recorded`,
    durable,
    fromStreamSeq: from,
    chainKey: env.AUDIT_CHAIN_KEY || undefined,
    checkpoint: new FileCheckpoint(env.STATE_FILE || `.${durable}.json`),
    onEntry: (e, v) =>
      process.stdout.write(
        `#${e.data.seq} ${v.ok ? (v.anchored ? 'anchor' : 'ok') : `BROKEN (${v.reason}: ${v.detail})`} ${e.data.action}: ${e.data.descriptionText}\n`,
      ),
    onMalformed: (seq, problem) => process.stderr.write(`stream message ${seq} is no audit entry (${problem}); skipped\n`),
  });
  await follower.start();
  process.stdout.write(`following the audit chain as durable ${durable}; Ctrl-C stops\n`);
  const stop = async () => {
    await follower.stop();
    await nc.drain();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`audit-chain-follower: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
