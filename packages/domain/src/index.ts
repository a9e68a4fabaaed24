export * from './roles';
export * from './routes';
export * from './guards';
export * from './plans';
export * from './journey';
export * from './survey';
export * from './errors';
export * from './api';
