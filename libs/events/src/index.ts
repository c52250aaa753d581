export * from './subjects';
export * from './outbox';
export * from './connection';
export * from './relay';
export * from './consumer';
export * from './trace-context';
export * from './projections';
export * from './bus-access';
