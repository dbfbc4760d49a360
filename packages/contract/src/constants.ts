/**
 * The zod-free part of the contract: codes, limits and pure helpers. The web app imports
 * values from here (`@portal/contract/constants`) so zod stays out of its bundle.
 */
export * from './admin-values.ts';
export * from './article-kinds.ts';
export * from './codes.ts';
export * from './delivery-values.ts';
export * from './geo.ts';
export * from './home-values.ts';
export * from './labels.ts';
export * from './learning-kinds.ts';
export * from './limits.ts';
export * from './live-state.ts';
export * from './login-address.ts';
export * from './message-kinds.ts';
export * from './open-redirects.ts';
export * from './pictures.ts';
export * from './place-values.ts';
export * from './programme-slots.ts';
export * from './rules-values.ts';
export * from './schedule-rules.ts';
export * from './signup-form.ts';
export * from './site-prefix.ts';
export * from './team-values.ts';
export * from './team-work-limits.ts';
export * from './walk-values.ts';
