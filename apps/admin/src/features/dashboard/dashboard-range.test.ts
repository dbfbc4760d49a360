import { describe, expect, it } from 'vitest';
import {
  csvFileName,
  formatRate,
  isDayDisabled,
  isValidRange,
  minutesFigure,
  presetOf,
  presetRange,
  rangeFromParams,
  spanDays,
  toCsv,
} from './dashboard-range.ts';

const TODAY = '2026-11-30';
const BOM = '\uFEFF';

describe('presetRange', () => {
  it('ends every preset today and counts the days it names', () => {
    expect(presetRange('7d', TODAY)).toEqual({ from: '2026-11-24', to: TODAY });
    expect(presetRange('30d', TODAY)).toEqual({ from: '2026-11-01', to: TODAY });
    expect(presetRange('90d', TODAY)).toEqual({ from: '2026-09-02', to: TODAY });
    expect(spanDays(presetRange('7d', TODAY))).toBe(7);
    expect(spanDays(presetRange('30d', TODAY))).toBe(30);
    expect(spanDays(presetRange('90d', TODAY))).toBe(90);
  });

  it('starts 今年 on the first of January, even on that day', () => {
    expect(presetRange('year', TODAY)).toEqual({ from: '2026-01-01', to: TODAY });
    expect(presetRange('year', '2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });

  it('crosses months, years and leap days', () => {
    expect(presetRange('7d', '2027-01-03')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(presetRange('30d', '2028-03-01').from).toBe('2028-02-01');
  });
});

describe('presetOf', () => {
  it('names the preset a range is today, and none for another range', () => {
    expect(presetOf({ from: '2026-11-01', to: TODAY }, TODAY)).toBe('30d');
    expect(presetOf({ from: '2026-01-01', to: TODAY }, TODAY)).toBe('year');
    expect(presetOf({ from: '2026-11-01', to: '2026-11-29' }, TODAY)).toBeUndefined();
  });
});

describe('spanDays and isValidRange', () => {
  it('counts both ends, and nothing for a reversed or broken range', () => {
    expect(spanDays({ from: TODAY, to: TODAY })).toBe(1);
    expect(spanDays({ from: '2026-12-01', to: TODAY })).toBe(0);
    expect(spanDays({ from: '2026-02-30', to: TODAY })).toBe(0);
  });

  it('takes at most 366 days, none after today', () => {
    expect(isValidRange({ from: '2025-11-30', to: TODAY }, TODAY)).toBe(true);
    expect(isValidRange({ from: '2025-11-29', to: TODAY }, TODAY)).toBe(false);
    expect(isValidRange({ from: TODAY, to: '2026-12-01' }, TODAY)).toBe(false);
    expect(isValidRange({ from: TODAY, to: TODAY }, TODAY)).toBe(true);
  });
});

describe('rangeFromParams', () => {
  const read = (search: string) => rangeFromParams(new URLSearchParams(search), TODAY);

  it('reads a valid range from the address', () => {
    expect(read('from=2026-10-01&to=2026-10-31')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('opens 近30天 without a range or with a wrong one', () => {
    const last30 = { from: '2026-11-01', to: TODAY };
    expect(read('')).toEqual(last30);
    expect(read('from=2026-10-01')).toEqual(last30);
    expect(read('from=2026-10-31&to=2026-10-01')).toEqual(last30);
    expect(read('from=yesterday&to=2026-10-01')).toEqual(last30);
    expect(read('from=2024-01-01&to=2026-10-01')).toEqual(last30);
    expect(read('from=2026-12-01&to=2026-12-02')).toEqual(last30);
  });
});

describe('isDayDisabled', () => {
  it('greys out the days after today', () => {
    expect(isDayDisabled('2026-12-01', TODAY)).toBe(true);
    expect(isDayDisabled(TODAY, TODAY)).toBe(false);
  });

  it('greys out the days more than 366 from the end picked first, on either side', () => {
    expect(isDayDisabled('2025-11-30', TODAY, TODAY)).toBe(false);
    expect(isDayDisabled('2025-11-29', TODAY, TODAY)).toBe(true);
    expect(isDayDisabled('2026-01-01', TODAY, '2025-01-01')).toBe(false);
    expect(isDayDisabled('2026-01-02', TODAY, '2025-01-01')).toBe(true);
  });
});

describe('formats', () => {
  it('names the CSV file after the table and the range', () => {
    expect(csvFileName('活跃学员', { from: '2026-11-01', to: TODAY })).toBe(
      '数据统计-活跃学员-2026-11-01至2026-11-30.csv',
    );
  });

  it('shows a fill rate as a percent, or a dash without seats', () => {
    expect(formatRate(0.8534)).toBe('85.3%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(null)).toBe('—');
  });

  it('shows learning in minutes, and in hours from 10 hours', () => {
    expect(minutesFigure(0)).toEqual({ value: 0, suffix: '分钟' });
    expect(minutesFigure(599)).toEqual({ value: 599, suffix: '分钟' });
    expect(minutesFigure(600)).toEqual({ value: 10, suffix: '小时' });
    expect(minutesFigure(1234)).toEqual({ value: 20.6, suffix: '小时' });
  });
});

describe('toCsv', () => {
  interface Row {
    title: string;
    count: number | null;
  }
  const columns = [
    { title: '标题', value: (row: Row) => row.title },
    { title: '人数', value: (row: Row) => row.count },
  ];

  it('starts with a byte order mark and ends every line with CRLF', () => {
    const csv = toCsv(columns, [
      { title: '书法入门', count: 12 },
      { title: '摄影', count: 0 },
    ]);
    expect(csv).toBe(`${BOM}标题,人数\r\n书法入门,12\r\n摄影,0\r\n`);
  });

  it('writes only the header for no rows, and an empty field for no value', () => {
    expect(toCsv(columns, [])).toBe(`${BOM}标题,人数\r\n`);
    expect(toCsv(columns, [{ title: '无', count: null }])).toBe(`${BOM}标题,人数\r\n无,\r\n`);
  });

  it('quotes fields holding a comma, a quote or a line break, doubling the quotes', () => {
    const csv = toCsv(columns, [
      { title: '读书, 写字', count: 1 },
      { title: '他说"好"', count: 2 },
      { title: '第一行\n第二行', count: 3 },
      { title: '回车\r', count: 4 },
    ]);
    expect(csv.split('\r\n').slice(1, 4)).toEqual([
      '"读书, 写字",1',
      '"他说""好""",2',
      '"第一行\n第二行",3',
    ]);
    expect(csv).toContain('"回车\r",4');
  });

  it('neutralises a text a spreadsheet would run as a formula', () => {
    const csv = toCsv(columns, [
      { title: '=HYPERLINK("http://x")', count: 1 },
      { title: '+1', count: 2 },
      { title: '-2+3', count: 3 },
      { title: '@SUM(A1)', count: 4 },
      { title: '\t=1', count: 5 },
      { title: 'a=b', count: 6 },
    ]);
    expect(csv.split('\r\n').slice(1, 7)).toEqual([
      `"'=HYPERLINK(""http://x"")",1`,
      "'+1,2",
      "'-2+3,3",
      "'@SUM(A1),4",
      "'\t=1,5",
      'a=b,6',
    ]);
  });

  it('keeps a negative number as a number', () => {
    expect(toCsv(columns, [{ title: '扣除', count: -5 }])).toBe(`${BOM}标题,人数\r\n扣除,-5\r\n`);
  });
});
