/**
 * Operations of the OpenAPI description that no bench target loads yet (issue 27). The list only
 * shrinks: `coverage.test.ts` fails on an operation that is neither benched nor named here, and on
 * a name here that has a target or no longer exists.
 */
export const NOT_YET_BENCHED: readonly string[] = [];
