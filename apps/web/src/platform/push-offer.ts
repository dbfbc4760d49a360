/**
 * Offers reminders on this device after a reservation or a signup (issue 32, `push.ts`, loaded
 * on demand): answers `result` as it was, whatever the offer does.
 */
export function thenOfferReminders<T>(result: T): T {
  if ('PushManager' in window) {
    void import('./push.ts').then(({ offerReminders }) => offerReminders()).catch(() => undefined);
  }
  return result;
}

/** Ends this device's reminders (before the learner logs out: the call needs the login). */
export async function endRemindersHere(): Promise<void> {
  if (!('PushManager' in window)) return;
  await import('./push.ts').then(({ endReminders }) => endReminders()).catch(() => undefined);
}
