import type { Page, PointsLedgerEntry, PointsSummary } from '@portal/contract';
import { expect, it } from 'vitest';
import { body, describeEachEngine, loginAs } from '../../testing/test-app.ts';

describeEachEngine('demo points', (ctx) => {
  it('gives the first demo learner a sign-in on each of the last days, balance = ledger sum', async () => {
    const { app } = ctx();
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    const ledger = body<Page<PointsLedgerEntry>>(
      await app.inject({ url: '/api/points/ledger?size=50', headers }),
    ).data;
    const signins = ledger.list.filter((row) => row.ruleKey === 'login');
    expect(signins.length).toBe(6);
    expect(new Set(signins.map((row) => row.day)).size).toBe(6);
    const summary = body<PointsSummary>(
      await app.inject({ url: '/api/points/summary', headers }),
    ).data;
    expect(summary.balance).toBe(ledger.list.reduce((sum, row) => sum + row.amount, 0));
    expect(ledger.list[0]?.balanceAfter).toBe(summary.balance);
    // Today's sign-in is left for the learner to earn.
    expect(signins.some((row) => row.day === summary.day)).toBe(false);
    const today = ledger.list.filter((row) => row.day === summary.day);
    expect(summary.todayEarned).toBe(today.reduce((sum, row) => sum + row.amount, 0));
  });
});
