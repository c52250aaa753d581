/// <reference types="@fastify/swagger" preserve="true" />
export * from './config';
export * from './errors';
export * from './auth';
export * from './health';
export * from './db-plugin';
export * from './error-handler';
export * from './events-plugin';
export * from './rate-limit';
export * from './service';
export * from './internal-client';
export * from './metrics';
export * from './tracing';
export { appendToOutbox, contextHeaders, REQUEST_ID_KEY } from '@cti/events';
export { default as Type } from 'typebox';
export * from './connection-failures';
export * from './revocation';
