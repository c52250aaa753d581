#!/usr/bin/env node
// docker compose's one-shot `secrets` step: node generate-secrets.mjs <dir>
// Writes, once, what the services read through *_FILE variables: identity's Ed25519 key
// pair, the service-to-service token, the audit chain key and the key of notifications'
// unsubscribe links. Existing files are kept,
// so tokens and the audit chain stay valid across restarts.
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
process.stdout.write(`secrets ready in ${dir}\n`);
