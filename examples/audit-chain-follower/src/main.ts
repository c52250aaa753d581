import { connect } from 'nats';

import { FileCheckpoint } from './checkpoint';
import { AuditChainFollower } from './follower';

/**
 * Runs the follower against a NATS server:
 *   NATS_URL=nats://127.0.0.1:4222 npm start -w @cti/example-audit-chain-follower
 * Optional: EVENTS_STREAM (EVENTS), EVENTS_SUBJECT_PREFIX (evt), DURABLE (audit-chain-follower),
 * FROM_STREAM_SEQ (replay from there, with a durable of its own), AUDIT_CHAIN_KEY (recompute
 * hashes), STATE_FILE (.audit-chain-follower.json).
 */
async function main() {
  const env = process.env;
  const from = env.FROM_STREAM_SEQ ? Number(env.FROM_STREAM_SEQ) : undefined;
  const nc = await connect({ servers: (env.NATS_URL ?? 'nats://127.0.0.1:4222').split(','), name: 'audit-chain-follower' });
  const durable = `${env.DURABLE ?? 'audit-chain-follower'}${from ? `-from-${from}` : ''}`;
  const follower = new AuditChainFollower({
    nc,
    stream: env.EVENTS_STREAM ?? 'EVENTS',
    subject: `${env.EVENTS_SUBJECT_PREFIX ?? 'evt'}.audit.entry.recorded`,
    durable,
    fromStreamSeq: from,
    chainKey: env.AUDIT_CHAIN_KEY || undefined,
    checkpoint: new FileCheckpoint(env.STATE_FILE ?? `.${durable}.json`),
    onEntry: (e, v) =>
      process.stdout.write(
        `#${e.data.seq} ${v.ok ? (v.anchored ? 'anchor' : 'ok') : `BROKEN (${v.reason}: ${v.detail})`} ${e.data.action}: ${e.data.descriptionText}\n`,
      ),
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
