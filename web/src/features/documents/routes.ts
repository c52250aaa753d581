import type { AppRoute } from '../../app/route-types';

/** Supporting and ACID documents, PDF viewer. */
export const documentsRoutes: AppRoute[] = [];
