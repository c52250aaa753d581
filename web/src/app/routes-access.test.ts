import { PUBLIC_SCREENS, RouteRules, SCREENS } from '@cti/access';

import { appRoutes } from './routes';

/** The web guards every screen of the permission tables with the same rule the access lib walks for every role. */
describe('route guards follow the permission tables', () => {
  const byPath = new Map(appRoutes.map((r) => [r.path, r]));

  it.each(SCREENS.filter((s) => byPath.has(s.path)).map((s) => [s.path, s] as const))('%s uses its permission rule', (path, screen) => {
    expect(byPath.get(path)!.rule).toEqual(screen.rule);
  });

  it('registers every account screen', () => {
    for (const path of ['/user/manage', '/user/requests', '/user/account', '/account', '/admin/groups'])
      expect(byPath.has(path)).toBe(true);
  });

  it.each(PUBLIC_SCREENS.map((p) => [p]))('%s is open to anyone', (path) => {
    expect(byPath.get(path)?.rule).toEqual(RouteRules.public);
  });

  it('lets users who must still agree reach the login flow and the terms gate', () => {
    for (const path of ['/agree', '/user/flow', '/login']) expect(byPath.get(path)?.allowUnagreed).toBe(true);
  });
});
