/** Shared jest pieces: @swc/jest for TS/TSX (and ESM-only dependencies), workspace mapping to sources. */
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

module.exports = {
  root,
  base: {
    transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    moduleNameMapper,
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    testPathIgnorePatterns: ['/node_modules/', '/dist/', '/dist-[^/]*/'],
  },
};
