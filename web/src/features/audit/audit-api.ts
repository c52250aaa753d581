import type { AuditReportBody, AuditRow } from '@cti/contracts';
import { api } from '../../app/api';

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditReport: build.query<AuditRow[], AuditReportBody>({
      query: (body) => ({ url: 'api/report/audit', method: 'POST', body }),
      providesTags: [{ type: 'AuditReport', id: 'LIST' }],
    }),
  }),
});

export const { useLazyAuditReportQuery } = auditApi;
