import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Something a learner did that other areas may reward or announce (points, medals, messages):
 * `key` identifies the occurrence, so recording it twice (a retry, a double tap, two instances)
 * awards once: every handler writes behind a UNIQUE key built from it.
 */
export interface SideEffect {
  /** What happened, `<area>.<event>`: `class.signup`, `activity.checkin`, `lesson.complete`... */
  kind: string;
  siteKey: string;
  learnerId: number;
  /** Unique per occurrence, e.g. `class.signup:42:7` (the event, the item, the learner). */
  key: string;
  /** The facts a handler may need (the item's id and title...). */
  detail?: Readonly<Record<string, string | number | boolean | null>>;
}

/** A number the recording service put in the effect's detail (a programming error if not). */
export function numberOf(effect: SideEffect, key: string): number {
  const value = effect.detail?.[key];
  if (typeof value !== 'number') throw new Error(`${effect.kind}: detail.${key} is not a number`);
  return value;
}

/** A text of the effect's detail, or '' when it has none. */
export function textOf(effect: SideEffect, key: string): string {
  const value = effect.detail?.[key];
  return typeof value === 'string' ? value : '';
}

/** Runs inside the caller's transaction; must be idempotent on `effect.key`. */
export type SideEffectHandler = (trx: Transaction<Database>, effect: SideEffect) => Promise<void>;

/**
 * The award hook: a service records a side effect inside its own transaction (as it takes a seat
 * there), and the handlers that later areas subscribe run in that same transaction. So an award
 * exists exactly when the deed does: a rolled-back signup awards nothing, a repeated one awards
 * once. Services receive one instance from `app.ts` and never know who listens.
 */
export class SideEffects {
  private readonly handlers = new Map<string, SideEffectHandler[]>();

  /** Subscribes `handler` to every side effect of `kind`. */
  on(kind: string, handler: SideEffectHandler): void {
    this.handlers.set(kind, [...(this.handlers.get(kind) ?? []), handler]);
  }

  /** Records `effect` inside `trx`: each handler of its kind runs there, in subscription order. */
  async record(trx: Transaction<Database>, effect: SideEffect): Promise<void> {
    for (const handler of this.handlers.get(effect.kind) ?? []) await handler(trx, effect);
  }
}
