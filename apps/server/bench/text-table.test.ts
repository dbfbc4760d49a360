import { describe, expect, it } from 'vitest';
import { alignedTable, textWidth } from './text-table.ts';

describe('alignedTable', () => {
  it('puts names left and figures right, a dashed rule under the header', () => {
    expect(
      alignedTable(
        ['target', 'req/s'],
        [
          ['home', '1234'],
          ['search', '5'],
        ],
      ),
    ).toBe(['target  req/s', '------  -----', 'home     1234', 'search      5'].join('\n'));
  });

  it('counts a Chinese character as two columns and keeps the separator in the rule', () => {
    expect(textWidth('座位ok')).toBe(6);
    const table = alignedTable(['suite', 'ok'], [['座位', 'ok']], {
      align: () => 'left',
      separator: ' | ',
    });
    expect(table.split('\n')).toEqual(['suite | ok', '------|---', '座位  | ok']);
  });
});
