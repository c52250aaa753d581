#!/usr/bin/env node
// docker compose's one-shot `secrets` step: node generate-secrets.mjs <dir>
// Writes, once, what the services read through *_FILE variables: identity's Ed25519 key
// pair, the service-to-service token, the audit chain key, the key of notifications'
// unsubscribe links and a password per NATS user (nats-<user>-password), which NATS reads
// from nats-users.env. Existing files are kept, so tokens, the audit chain and the
// passwords stay valid across restarts.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? '/run/cti', 'secrets');
fs.mkdirSync(dir, { recursive: true });
// the images run as uid/gid 65532; secrets are readable by it alone
const SERVICE_UID = 65532;
const save = (name, value, mode = 0o600) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, value, { mode });
  if (process.getuid?.() === 0) fs.chownSync(file, SERVICE_UID, SERVICE_UID);
};
const write = (name, make) => {
  if (!fs.existsSync(path.join(dir, name))) save(name, make());
};
if (!fs.existsSync(path.join(dir, 'jwt-ed25519.key'))) {
  const pair = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  save('jwt-ed25519.pub', pair.publicKey, 0o644);
  save('jwt-ed25519.key', pair.privateKey);
}
write('service-token', () => randomBytes(24).toString('base64url'));
write('audit-chain-key', () => randomBytes(32).toString('base64url'));
write('notifications-token-key', () => randomBytes(32).toString('base64url'));
// the users of infra/nats/users.conf (libs/events NATS_USERS; infra/test/compose.test.ts holds the two lists equal)
const NATS_USERS = ['identity', 'questionnaire', 'scoring', 'documents', 'commerce', 'audit', 'notifications', 'gateway', 'integrations'];
// NATS parses each password as a configuration value: it starts with a letter (libs/events NATS_PASSWORD_PATTERN)
for (const user of NATS_USERS) write(`nats-${user}-password`, () => `n${randomBytes(24).toString('base64url')}`);
const variable = (user) => `NATS_PASSWORD_${user.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
// read by the NATS container's shell before it starts the server (base64url needs no quoting)
save(
  'nats-users.env',
  NATS_USERS.map((user) => `${variable(user)}=${fs.readFileSync(path.join(dir, `nats-${user}-password`), 'utf8')}\n`).join(''),
);
process.stdout.write(`secrets ready in ${dir}\n`);
