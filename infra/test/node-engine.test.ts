import fs from 'node:fs';
import path from 'node:path';

import semver from 'semver';

/**
 * The root package.json promises a Node version (`engines.node`); every installed package must
 * run on its lowest. cookie@2 and content-disposition@3 (through light-my-request and
 * @fastify/static) asked for Node 22 on machines that run Node 20: the root `overrides` keep
 * them at versions with the same API that support Node 20.
 */
const repoRoot = path.resolve(__dirname, '..', '..');
const rootManifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } };

interface Installed {
  where: string;
  version: string;
  node: string | undefined;
}

/** Every package under a node_modules folder, nested ones included (workspace links are followed once). */
function installedPackages(nodeModules: string, seen = new Set<string>()): Installed[] {
  if (!fs.existsSync(nodeModules)) return [];
  const found: Installed[] = [];
  for (const entry of fs.readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue;
    const dir = path.join(nodeModules, entry);
    if (entry.startsWith('@')) {
      found.push(...installedPackages(dir, seen));
      continue;
    }
    const real = fs.realpathSync(dir);
    if (seen.has(real)) continue;
    seen.add(real);
    const manifest = path.join(real, 'package.json');
    if (fs.existsSync(manifest)) {
      const { version, engines } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string; engines?: { node?: unknown } };
      found.push({ where: path.relative(repoRoot, dir), version, node: typeof engines?.node === 'string' ? engines.node : undefined });
    }
    found.push(...installedPackages(path.join(real, 'node_modules'), seen));
  }
  return found;
}

it('every installed package runs on the lowest Node version the root package.json promises', () => {
  const lowest = semver.minVersion(rootManifest.engines.node);
  expect(lowest?.version).toBe('20.19.0');
  const packages = installedPackages(path.join(repoRoot, 'node_modules'));
  expect(packages.length).toBeGreaterThan(500);
  const refusing = packages
    .filter((p) => p.node !== undefined && !semver.satisfies(lowest!, p.node, { includePrerelease: true }))
    .map((p) => `${p.where}@${p.version} needs node ${p.node}`);
  expect(refusing).toEqual([]);
});
