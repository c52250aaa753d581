import { takeCspViolations } from './browser';

/**
 * Every browser journey fails on a Content Security Policy violation: the app, the map,
 * the PDF viewer and the media player must all work under the policy the gateway sends.
 */
afterEach(() => {
  const violations = takeCspViolations();
  if (violations.length) throw new Error(`Content Security Policy violations:\n${[...new Set(violations)].join('\n')}`);
});
