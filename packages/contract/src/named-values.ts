/**
 * The helper the zod-free `*-values.ts` and `*-kinds.ts` files declare their enums with
 * (internal: each of those files exports its own values and names, not this).
 */

/** The values of `[value, name]` pairs, in order, as a readonly tuple of their literals. */
type ValuesOf<T extends readonly (readonly [string, string])[]> = {
  readonly [I in keyof T]: T[I][0];
};

/**
 * An enum's values in order and the name shown for each, from one list of `[value, name]` pairs,
 * so that a value and its name are written once, side by side: `const [KINDS, KIND_NAMES] =
 * namedValues([['news', '资讯'], ...])` gives `readonly ['news', ...]` and a record of the names.
 */
export function namedValues<const T extends readonly (readonly [string, string])[]>(
  pairs: T,
): readonly [ValuesOf<T>, Record<T[number][0], string>] {
  const values = pairs.map(([value]) => value) as readonly string[] as ValuesOf<T>;
  return [values, Object.fromEntries(pairs) as Record<T[number][0], string>];
}
