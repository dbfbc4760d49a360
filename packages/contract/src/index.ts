export * from './account.ts';
export * from './envelope.ts';
export * from './labels.ts';
export * from './limits.ts';
export * from './sites.ts';
