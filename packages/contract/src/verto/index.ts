export * from './jsonrpc';
export * from './messages';
export * from './builders';
export * from './sandbox';
