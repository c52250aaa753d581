import { runService } from '@cti/service-kit';

import { scoringService } from './app';

void runService(scoringService);
