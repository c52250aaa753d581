import { runService } from '@cti/service-kit';

import { auditService } from './app';

void runService(auditService);
