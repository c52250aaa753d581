export * from './keys';
export * from './infrastructure';
export * from './context';
export * from './eventually';
export * from './published';
export * from './identity-api';
export * from './service-under-test';
export * from './announced-world';
