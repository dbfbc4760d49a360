export * from './account.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './sites.ts';
