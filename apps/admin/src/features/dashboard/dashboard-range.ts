import { addDays, DASHBOARD_MAX_DAYS, shanghaiMidnight } from '@portal/contract/constants';
import { saveBlob } from '@/api/save-file.ts';

const DAY_MS = 86_400_000;

/** The days the dashboard counts, Asia/Shanghai dates (`YYYY-MM-DD`), both included. */
export interface StatsRange {
  from: string;
  to: string;
}

/** The quick choices of the range bar, each ending today. */
export const RANGE_PRESETS = ['7d', '30d', '90d', 'year'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_PRESET_LABELS: Readonly<Record<RangePreset, string>> = {
  '7d': '近7天',
  '30d': '近30天',
  '90d': '近90天',
  year: '今年',
};

/** The range opened with no (or a wrong) range in the address. */
export const DEFAULT_PRESET: RangePreset = '30d';

/** The range of a preset on `today` (an Asia/Shanghai date). */
export function presetRange(preset: RangePreset, today: string): StatsRange {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The preset a range is on `today`, or undefined for a range of the operator's own. */
export function presetOf(range: StatsRange, today: string): RangePreset | undefined {
  return RANGE_PRESETS.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.from === range.from && candidate.to === range.to;
  });
}

/** How many days a range counts, both ends included (0 for a range that is none). */
export function spanDays(range: StatsRange): number {
  const from = shanghaiMidnight(range.from);
  const to = shanghaiMidnight(range.to);
  if (from === null || to === null || from > to) return 0;
  return Math.round((to - from) / DAY_MS) + 1;
}

/** Whether the server reads this range: real days in order, none after today, at most 366. */
export function isValidRange(range: StatsRange, today: string): boolean {
  const days = spanDays(range);
  return days > 0 && days <= DASHBOARD_MAX_DAYS && range.to <= today;
}

/** The range the address names (`?from=&to=`), else the default preset's. */
export function rangeFromParams(params: URLSearchParams, today: string): StatsRange {
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return isValidRange(range, today) ? range : presetRange(DEFAULT_PRESET, today);
}

/**
 * Whether the range picker greys out `day`: after today, or (once one end is picked at
 * `anchor`) so far from it that the range would pass {@link DASHBOARD_MAX_DAYS} days.
 */
export function isDayDisabled(day: string, today: string, anchor?: string): boolean {
  if (day > today) return true;
  if (!anchor) return false;
  const range = day < anchor ? { from: day, to: anchor } : { from: anchor, to: day };
  return spanDays(range) > DASHBOARD_MAX_DAYS;
}

/** The range as the page names it: `2026-11-01 至 2026-11-30`. */
export const rangeLabel = (range: StatsRange) => `${range.from} 至 ${range.to}`;

/** A CSV file's name: `数据统计-活跃学员-2026-11-01至2026-11-30.csv`. */
export const csvFileName = (part: string, range: StatsRange) =>
  `数据统计-${part}-${range.from}至${range.to}.csv`;

/** A fill rate (0 to 1) as a percent with one decimal, or a dash without seats. */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** Learning minutes as a statistic shows them: minutes, or hours (one decimal) from 10 hours. */
export function minutesFigure(minutes: number): { value: number; suffix: string } {
  if (minutes < 600) return { value: minutes, suffix: '分钟' };
  return { value: Math.round(minutes / 6) / 10, suffix: '小时' };
}

/** A column of a CSV export: its header and each row's value. */
export interface CsvColumn<T> {
  title: string;
  value: (row: T) => string | number | null | undefined;
}

// A text starting with one of these is read as a formula by spreadsheets (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: text neutralised when a spreadsheet would run it, quoted when it must be. */
function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  // A number is never a formula (a negative one keeps its sign).
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A table as CSV for Excel: a UTF-8 byte order mark (so Chinese reads right), a header row,
 * CRLF line ends, fields quoted where needed and formulas neutralised.
 */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [
    columns.map((column) => csvField(column.title)),
    ...rows.map((row) => columns.map((column) => csvField(column.value(row)))),
  ];
  return `\uFEFF${lines.map((fields) => fields.join(',')).join('\r\n')}\r\n`;
}

/** Hands a CSV text to the browser as a download named `name`. */
export function downloadCsv(name: string, csv: string) {
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), name);
}
