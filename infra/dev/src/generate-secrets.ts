import path from 'node:path';
import { devSecrets } from './secrets';
import { SERVICES } from './stack';

/**
 * Writes the key pair, service token and database role passwords into <dir>/secrets
 * once (docker-compose runs this as a one-shot step; services read them via *_FILE).
 */
const dir = path.resolve(process.argv[2] ?? '.data');
const secrets = devSecrets(dir);
for (const service of SERVICES) secrets.rolePassword(service);
process.stdout.write(`secrets ready in ${path.join(dir, 'secrets')}\n`);
