import { runService } from '@cti/service-kit';

import { notificationsService } from './app';

void runService(notificationsService);
