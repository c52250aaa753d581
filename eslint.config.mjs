// ESLint for the whole repository (`npm run lint`, autofix with `npm run lint:fix`).
// typescript-eslint and its TypeScript 6 live in the @cti/lint workspace (infra/lint): the repository
// compiles with TypeScript 7, whose native compiler has no JavaScript API for type-aware rules.
export { default } from './infra/lint/eslint.config.mjs';
