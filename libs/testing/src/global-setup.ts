import { INFRA_ENV, startTestInfrastructure, type TestInfrastructure } from './infrastructure';
import { prepareTemplate } from './template-database';

declare global {
  var __CTI_TEST_INFRA__: TestInfrastructure | undefined;
}

/** jest globalSetup: one Postgres and one NATS for the whole run, and the template test databases are copied from. */
export default async function globalSetup(): Promise<void> {
  const infra = await startTestInfrastructure();
  globalThis.__CTI_TEST_INFRA__ = infra;
  await prepareTemplate(infra.databaseUrl);
  process.env[INFRA_ENV.databaseUrl] = infra.databaseUrl;
  process.env[INFRA_ENV.natsUrl] = infra.natsUrl;
  process.env[INFRA_ENV.natsPort] = String(infra.natsPort);
  process.env[INFRA_ENV.natsStoreDir] = infra.natsStoreDir ?? '';
  process.env[INFRA_ENV.natsPasswords] = JSON.stringify(infra.natsPasswords);
}
