import { runService } from '@cti/service-kit';

import { identityService } from './app';

void runService(identityService);
