import { ReloadOutlined } from '@ant-design/icons';
import type { JobView } from '@portal/contract';
import { JOB_STATE_NAMES, JOB_STATES, type JobState } from '@portal/contract/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Progress,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { formatTime } from '@/ui/format.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { serverPaging, useUrlFilters } from '@/ui/url-filters.ts';
import { type JobQuery, jobKeys, listJobs, retryJob } from './api.ts';

const PAGE_SIZE = 20;
/** While a job is waiting or running, the list is read again this often. */
const REFRESH_MS = 3_000;

/** Filled tags, white text on a dark shade of each colour: 4.5:1 at least (as StatusTag's). */
const STATE_COLORS: Record<JobState, string> = {
  queued: '#595959',
  running: '#0e56d8',
  retry: '#ad4e00',
  done: '#237804',
  failed: '#a8071a',
};

/** How far a job got: a bar while it runs or once it reported, else nothing. */
function JobProgress({ job }: { job: JobView }) {
  if (job.progress === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const percent = Math.round(job.progress * 100);
  return (
    <div>
      <Progress
        percent={percent}
        size="small"
        status={
          job.state === 'failed' ? 'exception' : job.state === 'running' ? 'active' : undefined
        }
        aria-label={`${job.title}进度 ${percent}%`}
      />
      {job.note ? <Typography.Text type="secondary">{job.note}</Typography.Text> : null}
    </div>
  );
}

/**
 * 后台任务: every background job of the network (reminder rounds, transcodes...), newest first,
 * with its state, progress, tries and the reason of its last failure; a failed one can be retried.
 * Read again every few seconds while any job on the page is waiting or running.
 */
export function JobsPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const filters = useUrlFilters();
  const { setFilter, number, text } = filters;
  const query: JobQuery = {
    page: number('page') ?? 1,
    size: PAGE_SIZE,
    state: text('state') as JobState | undefined,
    kind: text('kind'),
  };
  const jobs = useQuery({
    queryKey: jobKeys.list(query),
    queryFn: () => listJobs(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.list.some((job) => ['queued', 'running', 'retry'].includes(job.state))
        ? REFRESH_MS
        : false,
  });
  const retry = useMutation({
    mutationFn: (job: JobView) => retryJob(job.id),
    onSuccess: (job) => {
      message.success(`「${job.title}」已重新排队`);
      return client.invalidateQueries({ queryKey: jobKeys.all });
    },
    onError: (error) => message.error(error.message),
  });

  const columns: TableColumnsType<JobView> = [
    { title: '任务', dataIndex: 'title', width: 110 },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (state: JobState) => <Tag color={STATE_COLORS[state]}>{JOB_STATE_NAMES[state]}</Tag>,
    },
    { title: '进度', key: 'progress', width: 170, render: (_, job) => <JobProgress job={job} /> },
    {
      title: '尝试',
      key: 'attempts',
      width: 70,
      render: (_, job) => `${job.attempts} / ${job.maxAttempts}`,
    },
    {
      title: '失败原因',
      dataIndex: 'error',
      width: 220,
      render: (error: string | null) =>
        error ? <Typography.Text type="danger">{error}</Typography.Text> : '—',
    },
    {
      title: '时间',
      key: 'times',
      width: 160,
      render: (_, job) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>{formatTime(job.createdAt)} 创建</div>
          {job.finishedAt ? (
            <Typography.Text type="secondary">{formatTime(job.finishedAt)} 结束</Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, job) =>
        job.state === 'failed' ? (
          <Button
            size="small"
            loading={retry.isPending && retry.variables?.id === job.id}
            onClick={() => retry.mutate(job)}
            aria-label={`重试「${job.title}」`}
          >
            重试
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      title={<h1 style={{ fontSize: 18, margin: 0 }}>后台任务</h1>}
      extra={
        <Button icon={<ReloadOutlined />} loading={jobs.isFetching} onClick={() => jobs.refetch()}>
          刷新
        </Button>
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }} role="search" aria-label="筛选后台任务">
        <Select
          aria-label="任务状态"
          placeholder="全部状态"
          allowClear
          value={query.state}
          onChange={(value) => setFilter({ state: value })}
          style={{ width: 140 }}
          options={JOB_STATES.map((value) => ({ value, label: JOB_STATE_NAMES[value] }))}
        />
        <Select
          aria-label="任务类型"
          placeholder="全部类型"
          allowClear
          value={query.kind}
          onChange={(value) => setFilter({ kind: value })}
          style={{ width: 160 }}
          options={jobs.data?.kinds.map(({ kind, title }) => ({ value: kind, label: title }))}
        />
      </Flex>
      {jobs.isError ? (
        <LoadFailed what="后台任务" error={jobs.error} retry={() => jobs.refetch()} />
      ) : (
        <Table<JobView>
          rowKey="id"
          columns={columns}
          dataSource={jobs.data?.list}
          loading={jobs.isLoading}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty
                description={query.state || query.kind ? '没有符合条件的任务' : '还没有后台任务'}
              />
            ),
          }}
          pagination={serverPaging(jobs.data, query.page ?? 1, PAGE_SIZE, '个任务', setFilter)}
        />
      )}
    </Card>
  );
}
