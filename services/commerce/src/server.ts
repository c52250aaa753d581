import { runService } from '@cti/service-kit';

import { commerceService } from './app';

void runService(commerceService);
