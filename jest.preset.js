/** Shared jest pieces: @swc/jest for TS/TSX (and ESM-only dependencies), workspace mapping to sources. */
const fs = require('node:fs');
const path = require('node:path');

const root = __dirname;
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const libs = ['contracts', 'access', 'db', 'events', 'service-kit', 'testing', 'local-infra', 'scoring-rules'];
const services = ['gateway', 'identity', 'questionnaire', 'scoring', 'documents', 'commerce', 'audit', 'notifications'];

const moduleNameMapper = {
  [`^@cti/(${libs.join('|')})$`]: path.join(root, 'libs/$1/src'),
  [`^@cti/(${services.join('|')})$`]: path.join(root, 'services/$1/src/app'),
};

// ESM-only packages that jest (CommonJS) must transform
const esmPackages = ['typebox'];

/**
 * What `@cti/testing` exports that needs no running Postgres or NATS: tokens and keys, polling,
 * the URL of a listening server. Any other name (a test context, a service under test, a schema,
 * published events, identity's API) needs the run's infrastructure.
 */
const namesWithoutInfrastructure = new Set([
  'eventually',
  'signTestToken',
  'signExpiredTestToken',
  'testClaims',
  'testKeyPair',
  'TEST_ISSUER',
  'TEST_AUDIENCE',
  'TEST_SERVICE_TOKEN',
  'serviceCaller',
  'urlOf',
  'contextHooksOn',
]);
/** The test harness's sources, reached by a relative path (counted as needing the infrastructure). */
const harnessSources = /(^|\/)libs\/testing\/src(\/|$)/;
const importPattern =
  /(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Whether a test file needs the run's shared Postgres and NATS (the `service` project's
 * globalSetup), read from its imports and those of the files it imports from the repository:
 * it does when it reaches `@cti/testing` for anything but the names above. (A test that starts
 * its own processes, such as the dev runner's whole stack, brings its own.) A file misjudged as
 * not needing them fails loudly (`Test infrastructure is not running`), never silently.
 */
function needsInfrastructure(file, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(importPattern)) {
    const typeOnly = Boolean(m[1]);
    const clause = m[2] ?? '';
    const specifier = m[3] ?? m[4] ?? m[5];
    if (typeOnly) continue;
    if (specifier === '@cti/testing') {
      const named = /^\{([^}]*)\}$/.exec(clause.trim());
      if (!named) return true;
      const names = named[1]
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '))
        .map((n) => n.split(/\s+as\s+/)[0]);
      if (names.some((n) => !namesWithoutInfrastructure.has(n))) return true;
      continue;
    }
    if (specifier.startsWith('.')) {
      const target = resolveRelative(file, specifier);
      if (target && harnessSources.test(path.relative(root, target))) return true;
      if (target && needsInfrastructure(target, seen)) return true;
    }
  }
  return false;
}

/** Test files under `dir` (recursively) whose name matches `pattern`. */
function testFiles(dir, pattern) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('dist') ? [] : testFiles(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = {
  root,
  needsInfrastructure,
  testFiles,
  escapeRegExp,
  base: {
    transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    moduleNameMapper,
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    testPathIgnorePatterns: ['/node_modules/', '/dist/', '/dist-[^/]*/'],
  },
};
