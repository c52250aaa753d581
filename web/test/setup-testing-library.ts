import { configure } from '@testing-library/react';

/**
 * Waits of findBy* / waitFor end at a generous ceiling instead of the 1 s default: they
 * return as soon as the condition holds, and on a loaded machine a lazily loaded part
 * (the privacy policy, a chart) can take several seconds to appear. Jest's own test
 * timeout (60 s) stays above it.
 */
configure({ asyncUtilTimeout: 30_000 });
