/** jest globalTeardown: stops what globalSetup started. */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__CTI_TEST_INFRA__?.stop();
}
