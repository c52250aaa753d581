import type { ContactMessage } from '@cti/contracts';

import { api } from '../../../app/api';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST api/mail/contact: identity sends it to the configured address. */
    sendContactMessage: build.mutation<unknown, ContactMessage>({
      query: (body) => ({ url: 'api/mail/contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
