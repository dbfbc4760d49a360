/** How a column's cells line up: `left` pads on the right, `right` (numbers) on the left. */
export type Align = 'left' | 'right';

/** Columns a text takes in a terminal: CJK characters take two. */
export function textWidth(text: string): number {
  return [...text].reduce((sum, ch) => sum + (/[\u3000-\uffff]/.test(ch) ? 2 : 1), 0);
}

/**
 * The rows under their header as an aligned text table, a dashed rule under the header. `align`
 * says how each column lines up (default: the first left, the others right, as figures do);
 * `separator` stands between columns.
 */
export function alignedTable(
  header: readonly string[],
  body: readonly (readonly string[])[],
  {
    align = (column) => (column === 0 ? 'left' : 'right'),
    separator = '  ',
  }: { align?: (column: number) => Align; separator?: string } = {},
): string {
  const widths = header.map((title, column) =>
    Math.max(textWidth(title), ...body.map((cells) => textWidth(cells[column] ?? ''))),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => {
        const pad = ' '.repeat(Math.max(0, (widths[column] ?? 0) - textWidth(cell)));
        return align(column) === 'left' ? cell + pad : pad + cell;
      })
      .join(separator)
      .trimEnd();
  // A visible separator (` | `) runs through the rule as `-|-`; blank ones stay blank.
  const ruleSeparator = separator.trim() ? separator.replaceAll(' ', '-') : separator;
  const rule = widths.map((width) => '-'.repeat(width)).join(ruleSeparator);
  return [line(header), rule, ...body.map(line)].join('\n');
}
