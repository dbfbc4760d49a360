/*
 * The visit programmes (参观项目) of the experience bases as the console writes them: their
 * limits and the rules of their visit slots (场次), zod-free so the console checks a form as
 * the server will (`@portal/contract/constants`).
 */

/** The longest programme title and audience, in characters (the columns hold 80). */
export const PROGRAMME_TITLE_MAX = 80;
export const PROGRAMME_AUDIENCE_MAX = 80;
/** The shortest and longest visit, in minutes (a visit fits in a day's opening hours). */
export const PROGRAMME_MINUTES_MIN = 10;
export const PROGRAMME_MINUTES_MAX = 480;
/** The largest party one booking may bring (`base_programmes_max_party_check`). */
export const PROGRAMME_PARTY_MAX = 50;
/** The most slots one programme's form holds (those not yet over). */
export const PROGRAMME_SLOTS_MAX = 100;
/** The most seats of one slot (a base's hall, not a stadium). */
export const SLOT_CAPACITY_MAX = 500;
/** The longest a slot may last, in hours. */
export const SLOT_HOURS_MAX = 24;

/** A slot as the form holds it: its id once stored, its times (ISO 8601) and its seats. */
export interface ProgrammeSlotInput {
  id?: number | null;
  startAt: string;
  endAt: string;
  capacity: number;
}

/** What is wrong with one slot of a form: its place in the list, the field, and why. */
export interface SlotProblem {
  index: number;
  field: 'startAt' | 'endAt' | 'capacity';
  message: string;
}

/** How a refusal names a slot of the form: `第 2 个场次`. */
export const slotName = (index: number) => `第 ${index + 1} 个场次`;

/** A slot's problem as the server answers it: `第 2 个场次：结束时间须晚于开始时间`. */
export const slotRefusal = (problem: SlotProblem) =>
  `${slotName(problem.index)}：${problem.message}`;

const HOUR = 3_600_000;

/**
 * Every problem of a form's slots, in list order: the end after the start, at most
 * {@link SLOT_HOURS_MAX} hours long, a whole number of seats from 1 to {@link SLOT_CAPACITY_MAX},
 * no two slots overlapping (the later one is named), and, given `now`, no new slot (one without
 * an id) starting before it. Seats below those already taken are the server's to check.
 */
export function programmeSlotProblems(
  slots: readonly ProgrammeSlotInput[],
  now?: number,
): SlotProblem[] {
  const problems: SlotProblem[] = [];
  const spans: Array<{ index: number; start: number; end: number }> = [];
  for (const [index, slot] of slots.entries()) {
    const start = Date.parse(slot.startAt);
    const end = Date.parse(slot.endAt);
    if (Number.isNaN(start)) {
      problems.push({ index, field: 'startAt', message: '请选择开始时间' });
    } else if (Number.isNaN(end)) {
      problems.push({ index, field: 'endAt', message: '请选择结束时间' });
    } else if (end <= start) {
      problems.push({ index, field: 'endAt', message: '结束时间须晚于开始时间' });
    } else if (end - start > SLOT_HOURS_MAX * HOUR) {
      problems.push({ index, field: 'endAt', message: `一个场次最长 ${SLOT_HOURS_MAX} 小时` });
    } else if (now !== undefined && !slot.id && start <= now) {
      problems.push({ index, field: 'startAt', message: '开始时间已过，请选择以后的时间' });
    } else {
      spans.push({ index, start, end });
    }
    if (!Number.isInteger(slot.capacity) || slot.capacity < 1) {
      problems.push({ index, field: 'capacity', message: '名额至少 1 人' });
    } else if (slot.capacity > SLOT_CAPACITY_MAX) {
      problems.push({ index, field: 'capacity', message: `名额最多 ${SLOT_CAPACITY_MAX} 人` });
    }
  }
  const byStart = [...spans].sort((a, b) => a.start - b.start || a.index - b.index);
  for (const [k, span] of byStart.entries()) {
    const earlier = byStart.slice(0, k).find((other) => other.end > span.start);
    if (!earlier) continue;
    const [first, later] = earlier.index < span.index ? [earlier, span] : [span, earlier];
    problems.push({
      index: later.index,
      field: 'startAt',
      message: `与${slotName(first.index)}时间重叠`,
    });
  }
  return problems.sort((a, b) => a.index - b.index);
}
