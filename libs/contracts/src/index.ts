export * from './events';
export * from './api/common';
export * from './api/identity';
export * from './api/audit';
export * from './api/questionnaire';
export * from './api/scoring';
export * from './api/documents';
export * from './api/commerce';
