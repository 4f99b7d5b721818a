export * from './envelope';
export * from './messages';
export * from './auth';
export * from './menu';
export * from './api';
