import fs from 'node:fs';
import path from 'node:path';

import { ASYNCAPI_FILE, asyncApiForIntegrators, asyncApiWithServers, type IntegrationServer } from '@cti/contracts';

import type { GatewayConfig } from './config';

/** The committed AsyncAPI document of libs/contracts (the gateway's image carries the package). */
function committedAsyncApi(): Record<string, unknown> {
  const contracts = path.dirname(require.resolve('@cti/contracts/package.json'));
  return JSON.parse(fs.readFileSync(path.join(contracts, ASYNCAPI_FILE), 'utf8')) as Record<string, unknown>;
}

/**
 * Where this environment's NATS is reached from outside (EVENTS_PUBLIC_URL, else NATS_URL), as
 * the documents' servers: one entry per URL, named after the environment.
 */
function serversOf(config: Pick<GatewayConfig, 'EVENTS_PUBLIC_URL' | 'NATS_URL'> & { NODE_ENV: string }): IntegrationServer[] {
  const urls = (config.EVENTS_PUBLIC_URL || config.NATS_URL)
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  return urls.map((url, i) => ({ name: urls.length > 1 ? `${config.NODE_ENV}-${i + 1}` : config.NODE_ENV, url }));
}

/** The document of every subject, with this environment's servers (admins). */
export const eventContractForAdmins = (config: Parameters<typeof serversOf>[0]) =>
  `${JSON.stringify(asyncApiWithServers(committedAsyncApi(), serversOf(config)), null, 2)}\n`;

/** The document of the subjects the `integrations` user reads, with this environment's servers (key holders). */
export const eventContractForKeyHolders = (config: Parameters<typeof serversOf>[0]) =>
  `${JSON.stringify(asyncApiForIntegrators(committedAsyncApi(), serversOf(config)), null, 2)}\n`;
