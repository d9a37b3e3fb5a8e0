export * from './languages';
export * from './errors';
export * from './constants';
export * from './envelope';
export * from './calls/site';
export * from './calls/auth';
export * from './calls/registry';
export * from './openapi';
