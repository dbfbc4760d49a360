/** The positive integer id of a query parameter, or null when it is missing or malformed. */
export function idParam(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
}
