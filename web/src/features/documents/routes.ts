import { RouteRules } from '@cti/access';

import type { AppRoute } from '../../app/route-types';

/** Supporting and ACID documents, the PDF viewer, and the verification of certified scorecards. */
export const documentsRoutes: AppRoute[] = [
  { path: '/documents', rule: RouteRules.documents, title: 'Supporting Documents', page: () => import('./SupportingDocumentsPage') },
  { path: '/acid-documents', rule: RouteRules.acid, title: 'Insolvency materials (ACID)', page: () => import('./AcidDocumentsPage') },
  { path: '/admin/acid-documents', rule: RouteRules.adminOnly, title: 'ACID Documents Management', page: () => import('./AcidAdminPage') },
  { path: '/pdf/:source?', rule: RouteRules.acid, title: 'Document viewer', page: () => import('./PdfViewerPage') },
  { path: '/pdf-acid', rule: RouteRules.acid, title: 'ACID materials', page: () => import('./AcidPdfPage') },
  {
    path: '/verify/:code?',
    rule: RouteRules.public,
    title: 'Verify a certified scorecard',
    page: () => import('./VerifyPage'),
    allowUnagreed: true,
  },
];
