import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from './console-suite.ts';

/*
 * The background jobs in the operators' console, in desktop Chromium against the real server:
 * a reminder round that failed is listed with its reason; the site's administrator filters the
 * failed jobs and queues it again, after which the server's queue runs it and the list shows it
 * done without reloading the page. axe finds nothing serious.
 */

const SITE_ADMIN = '13800000011';

const suite = consoleSuite();
const { signedIn, seriousFindings, menu, choose } = suite;

/** A reminder round that failed an hour ago, as the queue keeps one (its table, on SQLite). */
function failedRound(dataDir: string): string {
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'));
  try {
    const at = Date.now() - 3_600_000;
    const row = db
      .prepare(
        `insert into jobs (kind, payload, dedupe_key, state, attempts, max_attempts, run_after,
           error, created_at, started_at, finished_at)
         values ('reminders', '{}', 'e2e-failed-round', 'failed', 1, 1, ?, ?, ?, ?, ?)
         returning id`,
      )
      .get(at, '2 条提醒发送失败，稍后重试', at, at, at) as { id: number };
    return String(row.id);
  } finally {
    db.close();
  }
}

describe('background jobs in the operators’ console', () => {
  it('lists a failed reminder round with its reason, and it runs again when retried', async () => {
    failedRound(suite.portal.dataDir);
    const admin = await signedIn(SITE_ADMIN);
    await menu(admin).getByRole('link', { name: '后台任务' }).click();
    await admin.getByRole('heading', { name: '后台任务' }).waitFor();
    await admin.locator('.ant-table-row', { hasText: '2 条提醒发送失败' }).waitFor();
    expect(await seriousFindings(admin)).toEqual([]);

    await choose(admin, '任务状态', '失败');
    const failed = admin.locator('.ant-table-row', { hasText: '2 条提醒发送失败' });
    await failed.waitFor();
    await expect.poll(() => admin.locator('.ant-table-row').count()).toBe(1);
    expect(await failed.innerText()).toContain('到期提醒');
    expect(await seriousFindings(admin)).toEqual([]);
    await failed.getByRole('button', { name: '重试「到期提醒」' }).click();
    await admin.getByText('「到期提醒」已重新排队').waitFor();

    // Every state again (the menu's entry has no filter): the retried round ends done.
    await menu(admin).getByRole('link', { name: '后台任务' }).click();
    const retried = admin.locator('.ant-table-row', { hasText: '2 / 2' });
    await retried.getByText('已完成').waitFor({ timeout: 20_000 });
    expect(await retried.innerText()).toContain('发送');
  });

  it('says so when no job matches the filter', async () => {
    const admin = await signedIn(SITE_ADMIN);
    await menu(admin).waitFor();
    await admin.goto(suite.url('/admin/jobs?state=running&kind=nothing-like-this'));
    await admin.getByText('没有符合条件的任务').waitFor();
    expect(await seriousFindings(admin)).toEqual([]);
  });
});
