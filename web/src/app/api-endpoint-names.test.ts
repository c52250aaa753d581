import fs from 'node:fs';
import path from 'node:path';

import { api } from './api';

/**
 * Every feature injects its endpoints into the one api slice, and `injectEndpoints` keeps
 * the first endpoint of a name and drops a later one with that name: the second feature's
 * hook then calls the first feature's URL (commerce's Cancel once posted a subscription id
 * to notifications' unsubscribe). Each name must be injected once, by one module.
 */
const FEATURES = path.resolve(__dirname, '..', 'features');

function apiModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return apiModules(full);
    return /-api\.ts$/.test(entry.name) ? [full] : [];
  });
}

type EndpointsOption = Parameters<typeof api.injectEndpoints>[0]['endpoints'];

it('no two feature api modules inject an endpoint of the same name', () => {
  const injectedBy = new Map<string, string[]>();
  let current = '';
  const original = api.injectEndpoints.bind(api);
  // the names each module's endpoints builder defines, read with a builder that only echoes definitions
  const echo = new Proxy({}, { get: () => (definition: unknown) => definition }) as Parameters<EndpointsOption>[0];
  const spy = jest.spyOn(api, 'injectEndpoints').mockImplementation((options) => {
    for (const name of Object.keys(options.endpoints(echo))) injectedBy.set(name, [...(injectedBy.get(name) ?? []), current]);
    return original(options);
  });
  try {
    const modules = apiModules(FEATURES);
    expect(modules.length).toBeGreaterThan(5);
    for (const file of modules) {
      current = path.relative(FEATURES, file);
      // one module registry: every module injects into the `api` spied on here
      jest.requireActual(file);
    }
  } finally {
    spy.mockRestore();
  }
  const duplicates = [...injectedBy].filter(([, modules]) => modules.length > 1).map(([name, modules]) => `${name}: ${modules.join(', ')}`);
  expect(duplicates).toEqual([]);
  expect(injectedBy.get('cancelSubscription')).toEqual([path.join('commerce', 'commerce-api.ts')]);
});
