import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { randomNatsPassword } from '@cti/events';

export interface DevSecrets {
  jwtPrivateKey: string;
  jwtPublicKey: string;
  serviceToken: string;
  postgresPassword: string;
  /** Password of each service's database role. */
  rolePassword: (service: string) => string;
  /** Password of each NATS user (every service, the gateway, integrations). */
  natsPassword: (user: string) => string;
  /** The file holding a NATS user's password (what `make start` tells integrators to read). */
  natsPasswordFile: (user: string) => string;
}

function readOrCreate(file: string, create: () => string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  const value = create();
  fs.writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** Keys and passwords for the local stack, generated once into .data/secrets. */
export function devSecrets(dataDir: string): DevSecrets {
  const dir = path.join(dataDir, 'secrets');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const random = () => randomBytes(24).toString('base64url');
  const privatePath = path.join(dir, 'jwt-ed25519.key');
  const publicPath = path.join(dir, 'jwt-ed25519.pub');
  if (!fs.existsSync(privatePath) || !fs.existsSync(publicPath)) {
    const pair = generateKeyPairSync('ed25519', {
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    fs.writeFileSync(privatePath, pair.privateKey, { mode: 0o600 });
    fs.writeFileSync(publicPath, pair.publicKey);
  }
  return {
    jwtPrivateKey: fs.readFileSync(privatePath, 'utf8'),
    jwtPublicKey: fs.readFileSync(publicPath, 'utf8'),
    serviceToken: readOrCreate(path.join(dir, 'service-token'), random),
    postgresPassword: readOrCreate(path.join(dir, 'postgres-password'), random),
    rolePassword: (service) => readOrCreate(path.join(dir, `db-${service}-password`), random),
    natsPassword: (user) => readOrCreate(path.join(dir, `nats-${user}-password`), randomNatsPassword),
    natsPasswordFile: (user) => path.join(dir, `nats-${user}-password`),
  };
}
