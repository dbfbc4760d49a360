import { type OpeningRule, openingRuleSchema } from '@portal/contract';
import { z } from 'zod';

const DAY_NAMES = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];

const hoursSchema = z.array(openingRuleSchema);

/** `周一至周五` for a run of days, `周一、周三` otherwise. */
function daysText(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) return '';
  if (sorted.length === 7) return '每天';
  if (sorted.length > 2 && last - first === sorted.length - 1) {
    return `${DAY_NAMES[first]}至${DAY_NAMES[last]}`;
  }
  return sorted.map((day) => DAY_NAMES[day]).join('、');
}

/**
 * A place's weekly opening hours (the JSON of `map_places.hours`) as lines to show, e.g.
 * `周一至周五 09:00-17:00`; a malformed value shows nothing rather than failing the page.
 */
export function hoursLines(json: string): string[] {
  return storedHours(json).map((entry) => `${daysText(entry.days)} ${entry.open}-${entry.close}`);
}

/**
 * A place's weekly opening hours as stored (the JSON of `map_places.hours`, the rules of
 * `OpeningRule`); a malformed value reads as no hours rather than failing the caller.
 */
export function storedHours(json: string): OpeningRule[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  const hours = hoursSchema.safeParse(parsed);
  return hours.success ? hours.data : [];
}

/** A JSON array of image paths; malformed shows none. */
export function photoList(json: string): string[] {
  try {
    const parsed = z.array(z.string()).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
