import { defineService } from '@cti/service-kit';
import { migrations } from '../migrations';

/** Documents: supporting, ACID and annotation files; the PDF rendering pool. */
export const documentsService = defineService({
  name: 'documents',
  defaultPort: 8084,
  migrations,
  async plugin() {
    // features register here
  },
});
