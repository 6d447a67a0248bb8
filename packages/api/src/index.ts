export * from './errors';
export * from './envelope';
export * from './context';
export * from './http';
export * from './platform';
export * from './theme';
export * from './permissions';
export * from './auth';
