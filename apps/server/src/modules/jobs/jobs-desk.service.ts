import type { JobListQuerySchema, JobPage, JobView } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { AuditLog } from '../operators/audit.ts';
import type { Operator } from '../operators/operators.service.ts';

/** The console's view of the background jobs, and the retry of a failed one. */
export class JobsDesk {
  constructor(
    private readonly jobs: JobQueue,
    private readonly db: Kysely<Database>,
    private readonly audit: AuditLog,
  ) {}

  async list(query: JobListQuerySchema): Promise<JobPage> {
    const { list, total } = await this.jobs.list(query);
    return { list, total, page: query.page, size: query.size, kinds: this.jobs.kinds() };
  }

  async retry(operator: Operator, id: string): Promise<JobView> {
    const job = await this.jobs.find(id);
    if (!job) throw notFound('任务');
    if (job.state !== 'failed') throw conflict('只有失败的任务可以重试');
    if (!(await this.jobs.retry(id))) throw conflict('该任务已不能重试（已超过保留期）');
    await this.db.transaction().execute((trx) =>
      this.audit.record(trx, operator, {
        action: 'retry',
        entity: 'job',
        entityId: null,
        summary: `${job.title}（${job.id}）`,
        before: { state: job.state, error: job.error },
        after: { state: 'retry' },
      }),
    );
    return (await this.jobs.find(id)) ?? job;
  }
}
