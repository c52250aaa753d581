import { createApi } from '@reduxjs/toolkit/query/react';

import { createBaseQuery } from './base-query';

/**
 * The one RTK Query api slice for the gateway. Features inject their endpoints
 * (`api.injectEndpoints`) in their own folder; tags are declared here once.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery('/'),
  tagTypes: [
    'AuditReport',
    'User',
    'Group',
    'Role',
    'AccessRequest',
    'Questionnaire',
    'Period',
    'Consent',
    'Approval',
    'AdminComment',
    'Lock',
    'IndexList',
    'Scorecard',
    'Enforceability',
    'Document',
    'AcidDocument',
    'Product',
    'Purchase',
    'Subscription',
    'Change',
    'ApiKey',
  ],
  endpoints: () => ({}),
});
