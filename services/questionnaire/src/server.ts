import { runService } from '@cti/service-kit';

import { questionnaireService } from './app';

void runService(questionnaireService);
