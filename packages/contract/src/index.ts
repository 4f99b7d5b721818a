import { z } from 'zod';

// Zod's own messages (for rules without a spec message) appear in Japanese on both sides.
z.config(z.locales.ja());

export * from './envelope';
export * from './messages';
export * from './reasons';
export * from './text';
export * from './auth';
export * from './menu';
export * from './permissions';
export * from './api';
export * from './cdr';
export * from './chat';
export * from './action-log';
export * from './realtime';
export * from './user-status';
export * from './voicemail';
export * from './analysis/period';
export * from './analysis/status';
export * from './analysis/calls';
export * from './analysis/extension';
export * from './dashboard';
export * from './call';
export * from './calls';
export * from './call-history';
export * from './call-recording';
export * from './recall';
export * from './pbx';
export * from './verto';
export * from './schedule';
