/**
 * One CSV cell: a text a spreadsheet would run as a formula (a leading =, +, -, @, tab or
 * return, as anyone may type into a form) kept as text with a leading apostrophe, and quoted
 * when it holds a quote, a comma or a line break.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as a CSV file Excel opens right: UTF-8 with a BOM (for the Chinese), CRLF lines. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
