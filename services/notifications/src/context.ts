import type { IndexAccessSettings } from '@cti/access';

import type { NotificationsConfig } from './config';
import type { AlertDispatcher } from './delivery/dispatcher';

/** What the routes of notifications share. */
export interface NotificationsContext {
  config: NotificationsConfig & { PUBLIC_URL: string };
  settings: IndexAccessSettings;
  dispatcher: AlertDispatcher;
}
