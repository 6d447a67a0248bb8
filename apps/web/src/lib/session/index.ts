export * from './session-types';
export * from './session-store';
export * from './use-session';
export * from './last-refresh';
export * from './theme-marker';
export * from './session-status';
export * from './last-workspace';
