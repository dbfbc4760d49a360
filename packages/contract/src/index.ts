export * from './account.ts';
export * from './classes.ts';
export * from './constants.ts';
export * from './courses.ts';
export * from './envelope.ts';
export * from './sites.ts';
export * from './study.ts';
