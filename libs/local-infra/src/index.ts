export * from './ports';
export * from './packages';
export * from './postgres';
export * from './nats';
export * from './processes';
