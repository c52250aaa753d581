// Lint runs on TypeScript 6: typescript-eslint (and ts-api-utils, which npm hoists next to the
// repository's TypeScript 7) need the JavaScript compiler API that the native TypeScript 7 lacks.
// Every `require('typescript')` made while linting resolves to this workspace's TypeScript 6.
import Module from 'node:module';

const require = Module.createRequire(import.meta.url);
const typescript6 = require.resolve('typescript');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === 'typescript' ? typescript6 : request, ...rest);
};
