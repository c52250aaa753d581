import { runService } from '@cti/service-kit';

import { gatewayService } from './app';

void runService(gatewayService);
