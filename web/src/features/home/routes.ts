import { RouteRules } from '@cti/access';
import type { AppRoute } from '../../app/route-types';

export const homeRoutes: AppRoute[] = [{ path: '/index', rule: RouteRules.index, title: 'Compliance Index', page: () => import('./IndexPage') }];
