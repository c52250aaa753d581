import type { AppRoute } from '../../app/route-types';

/** About, FAQ, methodology, terms, privacy, how-to pages, contact. */
export const publicPagesRoutes: AppRoute[] = [];
