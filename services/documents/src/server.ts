import { runService } from '@cti/service-kit';

import { documentsService } from './app';

void runService(documentsService);
