import type { ComponentType } from 'react';

import type { RouteRule } from '@cti/access';

import type { AppConfig } from './app-config';

/** One screen of the app, as each feature declares it in its `routes.ts`. */
export interface AppRoute {
  /** react-router path, e.g. `/index/:groupId`. */
  path: string;
  /** Who may open it (libs/access rules of the spec's permission tables). */
  rule: RouteRule;
  /**
   * A further rule that reads the deployment's settings (Manage Products: an admin of the
   * vendor's e-mail domain), checked as well as `rule` once the settings are loaded.
   */
  alsoNeeds?: (config: AppConfig) => RouteRule;
  /** The page, loaded on demand so each route is its own chunk. */
  page: () => Promise<{ default: ComponentType }>;
  /** Document title (suffixed with the product name). */
  title: string;
  /** `questionnaire` pages hide the site navigation bar; `bare` has no chrome at all. */
  layout?: 'main' | 'questionnaire' | 'bare';
  /** Reachable while the user still has to agree to the terms. */
  allowUnagreed?: boolean;
}
