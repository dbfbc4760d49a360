import type { NewLearningDayRow, NewLearningTimeRow } from '../db/schema.ts';
import { rebuildLearningTotals } from '../modules/statistics/statistics.queries.ts';
import { dayKey } from '../modules/study/study.rules.ts';
import { mix } from './random.ts';
import { insertChunked, learnersOf, type SeedContext } from './support.ts';
import { DAY, MINUTE } from './time.ts';

/** How far back the demo learners' learning history goes. */
const HISTORY_DAYS = 150;

/**
 * Whether the demo learner `who` (0: the first) learned `ago` days before today. The first one
 * learned every day of the last two weeks (today too: the current streak), 21 days in a row
 * about two months ago (the longest streak) and on most other days; the second one on about
 * half of the last two months' days, not today.
 */
function learnedOn(who: number, ago: number): boolean {
  if (who === 0) {
    if (ago <= 13) return true;
    if (ago === 14) return false;
    if (ago >= 40 && ago <= 60) return true;
    if (ago === 39 || ago === 61) return false;
    return mix(who, ago) % 3 !== 0;
  }
  return ago >= 1 && ago <= 60 && mix(who, ago) % 2 === 0;
}

/**
 * The demo learners' learning history: for each day they learned, minutes of course lessons
 * and on some days of live sessions, as `learning_time` rows and their sum in `learning_days`
 * (what the learning-time credit writes), and their totals.
 */
export async function seedLearningHistory({ db, now, engine }: SeedContext): Promise<void> {
  const { demo } = await learnersOf(db);
  const days: NewLearningDayRow[] = [];
  const times: NewLearningTimeRow[] = [];
  demo.forEach((learner, who) => {
    for (let ago = HISTORY_DAYS; ago >= 0; ago -= 1) {
      if (!learnedOn(who, ago)) continue;
      const at = now - ago * DAY;
      const day = dayKey(at);
      const course = (10 + (mix(who, ago) % 36)) * MINUTE + (mix(ago, who) % 60) * 1000;
      const live = mix(who + 1, ago) % 4 === 0 ? (20 + (mix(ago, who + 2) % 41)) * MINUTE : 0;
      const seconds = { course: course / 1000, live: live / 1000 };
      days.push({
        user_id: learner.id,
        day,
        seconds: seconds.course + seconds.live,
        updated_at: at,
      });
      times.push({
        user_id: learner.id,
        day,
        kind: 'course',
        seconds: seconds.course,
        updated_at: at,
      });
      if (seconds.live > 0) {
        times.push({
          user_id: learner.id,
          day,
          kind: 'live',
          seconds: seconds.live,
          updated_at: at,
        });
      }
    }
  });
  await insertChunked(days, (chunk) => db.insertInto('learning_days').values(chunk).execute());
  await insertChunked(times, (chunk) => db.insertInto('learning_time').values(chunk).execute());
  await rebuildLearningTotals(db, engine);
}
