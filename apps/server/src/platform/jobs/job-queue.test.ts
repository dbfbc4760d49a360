import { ErrorCode, type JobPage, type JobView } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { TestLearner } from '../../testing/class-factory.ts';
import { adminCall, createOperator } from '../../testing/operator-factory.ts';
import { describeEachEngine } from '../../testing/test-app.ts';
import { FinalJobFailure, JobFailure, type JobKind, type JobQueue } from './job-queue.ts';
import { createJobQueue } from './jobs.ts';

/** Waits until `check` holds (polling), failing after `ms`. */
async function until(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachEngine('background jobs', (ctx) => {
  let app: FastifyInstance;
  const queues: JobQueue[] = [];
  /** Runs of each job id, per test. */
  let runs: Map<string, number>;
  /** A queue instance on the app's database, as another server instance would have. */
  const instance = (...kinds: JobKind[]) => {
    const queue = createJobQueue(app.database, { pollMs: 50, onError: () => undefined });
    for (const kind of kinds) queue.define(kind);
    queues.push(queue);
    return queue;
  };
  const kind = (name: string, run: JobKind['run'], more: Partial<JobKind> = {}): JobKind => ({
    kind: name,
    title: `测试任务 ${name}`,
    timeoutMs: 10_000,
    attempts: 2,
    backoffMs: 1_000,
    run: async (payload, job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await run(payload, job);
    },
    ...more,
  });
  const stateOf = async (queue: JobQueue, id: string) => (await queue.find(id))?.state;

  beforeAll(() => {
    app = ctx().app;
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  });

  it('runs a job once with its progress, and a key names one job', async () => {
    runs = new Map();
    const queue = instance(
      kind('test-progress', async (_payload, job) => {
        await job.progress(0.5, '转码 540p');
      }),
    );
    await queue.start();
    const id = await queue.add('test-progress', { upload: 1 }, { key: 'upload:1' });
    expect(id).not.toBeNull();
    expect(await queue.add('test-progress', { upload: 1 }, { key: 'upload:1' })).toBeNull();
    await until(async () => (await stateOf(queue, String(id))) === 'done');
    expect(await queue.find(String(id))).toMatchObject({
      kind: 'test-progress',
      title: '测试任务 test-progress',
      state: 'done',
      progress: 1,
      attempts: 1,
      maxAttempts: 2,
      error: null,
    });
    expect(runs.get(String(id))).toBe(1);
  });

  it('tries a failed job again after a pause, then fails it with its reason', async () => {
    runs = new Map();
    const queue = instance(
      kind('test-fails', async () => {
        throw new JobFailure('视频文件已损坏，无法读取');
      }),
    );
    await queue.start();
    const id = String(await queue.add('test-fails', {}));
    await until(async () => (await stateOf(queue, id)) === 'retry');
    const waiting = await queue.find(id);
    expect(waiting).toMatchObject({ state: 'retry', error: '视频文件已损坏，无法读取' });
    await until(async () => (await stateOf(queue, id)) === 'failed');
    expect(await queue.find(id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      maxAttempts: 2,
      error: '视频文件已损坏，无法读取',
    });
    expect(runs.get(id)).toBe(2);
    // Queued again from the console: one more try.
    expect(await queue.retry(id)).toBe(true);
    await until(async () => runs.get(id) === 3);
    await until(async () => (await stateOf(queue, id)) === 'failed');
    expect(await queue.retry('not-a-job')).toBe(false);
  });

  it('fails a job at once on a failure another try would only repeat', async () => {
    runs = new Map();
    const failedWith: string[] = [];
    const queue = instance(
      kind(
        'test-final',
        async () => {
          throw new FinalJobFailure('视频文件已损坏，无法转码');
        },
        {
          attempts: 3,
          failed: async (_payload, reason) => {
            failedWith.push(reason);
          },
        },
      ),
    );
    await queue.start();
    const id = String(await queue.add('test-final', {}));
    await until(async () => (await stateOf(queue, id)) === 'failed');
    expect(await queue.find(id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: '视频文件已损坏，无法转码',
    });
    expect(runs.get(id)).toBe(1);
    expect(failedWith).toEqual(['视频文件已损坏，无法转码']);
    // The console's retry still queues it for one more try.
    expect(await queue.retry(id)).toBe(true);
    await until(async () => runs.get(id) === 2);
    await until(async () => (await stateOf(queue, id)) === 'failed');
    expect(failedWith).toHaveLength(2);
  });

  it('fails a try that runs past its timeout, telling the work to stop', async () => {
    runs = new Map();
    let stopped = false;
    const queue = instance(
      kind(
        'test-slow',
        (_payload, job) =>
          new Promise<void>((resolve) => {
            job.signal.addEventListener('abort', () => {
              stopped = true;
              resolve();
            });
          }),
        { timeoutMs: 300, attempts: 1 },
      ),
    );
    await queue.start();
    const id = String(await queue.add('test-slow', {}));
    await until(async () => (await stateOf(queue, id)) === 'failed');
    expect((await queue.find(id))?.error).toBe('超时：运行超过 1 秒');
    expect(stopped).toBe(true);
  });

  it('runs each job once however many instances work the queue', async () => {
    runs = new Map();
    const work = kind('test-shared', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const [one, two] = [instance(work), instance(work)] as [JobQueue, JobQueue];
    await Promise.all([one.start(), two.start()]);
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? one : two).add('test-shared', { i })),
    );
    await until(async () => {
      const states = await Promise.all(ids.map((id) => stateOf(one, String(id))));
      return states.every((state) => state === 'done');
    });
    expect(ids.map((id) => runs.get(String(id)))).toEqual(ids.map(() => 1));
  });

  it('gives a job back when its instance stops, and another instance finishes it', async () => {
    runs = new Map();
    let release: () => void = () => undefined;
    const first = instance(
      kind(
        'test-restart',
        (_payload, job) =>
          new Promise<void>((resolve, reject) => {
            release = resolve;
            job.signal.addEventListener('abort', () => reject(job.signal.reason));
          }),
        { attempts: 3, backoffMs: 1_000 },
      ),
    );
    await first.start();
    const id = String(await first.add('test-restart', {}));
    await until(async () => (await stateOf(first, id)) === 'running');
    await first.stop();
    await until(async () => ['queued', 'retry'].includes(String(await stateOf(first, id))));
    release();
    const second = instance(kind('test-restart', async () => undefined, { attempts: 3 }));
    await second.start();
    await until(async () => (await stateOf(second, id)) === 'done');
  });

  it('lists the jobs for a 站点管理员 only, newest first, and retries a failed one', async () => {
    runs = new Map();
    const queue = instance(
      kind(
        'test-console',
        async () => {
          throw new JobFailure('PDF 需要密码，无法读取');
        },
        { attempts: 1 },
      ),
    );
    await queue.start();
    const id = String(await queue.add('test-console', {}));
    await until(async () => (await stateOf(queue, id)) === 'failed');
    await queue.stop();
    const siteAdmin = await createOperator(app, [{ site: 'jingan', role: 'site_admin' }]);
    const editor = await createOperator(app, [{ site: 'jingan', role: 'editor' }]);
    const as = <T>(who: TestLearner, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      adminCall<T>(app, who.token, 'jingan', method, url, payload);

    const page = await as<JobPage>(siteAdmin, 'GET', '/api/admin/jobs?state=failed&page=1&size=5');
    expect(page.code).toBe(0);
    expect(page.data.list[0]).toMatchObject({
      id,
      state: 'failed',
      error: 'PDF 需要密码，无法读取',
    });
    expect(page.data.kinds).toContainEqual({ kind: 'reminders', title: '到期提醒' });
    expect((await as(editor, 'GET', '/api/admin/jobs')).code).toBe(ErrorCode.forbidden);
    expect((await as(siteAdmin, 'GET', '/api/admin/jobs?state=gone')).message).toContain(
      '请选择一个任务状态',
    );

    const retried = await as<JobView>(siteAdmin, 'POST', '/api/admin/jobs/retry', { id });
    expect(retried.data).toMatchObject({ id, state: 'retry' });
    const again = await as(siteAdmin, 'POST', '/api/admin/jobs/retry', { id });
    expect(again).toMatchObject({ code: ErrorCode.conflict, message: '只有失败的任务可以重试' });
    expect((await as(siteAdmin, 'POST', '/api/admin/jobs/retry', { id: 'nope' })).code).toBe(
      ErrorCode.notFound,
    );
    const audit = await app.database.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'summary'])
      .where('entity', '=', 'job')
      .execute();
    expect(audit).toEqual([{ action: 'retry', entity: 'job', summary: `test-console（${id}）` }]);
  });
});
