import type { SessionUser } from '@cti/contracts';

import { respondentHomePage } from '../features/questionnaires/home-page';

export type HomePageUser = Pick<SessionUser, 'IsAdmin' | 'Roles'>;

/**
 * The page a signed-in user starts at when nothing else was asked for. Each feature may
 * name one for the users it serves; the first that does wins, else the index. Add a
 * feature's rule here.
 */
const HOME_PAGES: ReadonlyArray<(user: HomePageUser) => string | null> = [respondentHomePage];

export const homePageFor = (user: HomePageUser): string => HOME_PAGES.map((page) => page(user)).find((path) => !!path) ?? '/index';
