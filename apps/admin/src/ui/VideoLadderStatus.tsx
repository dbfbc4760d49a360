import type { AdminVideoLadder } from '@portal/contract';
import { ErrorCode, VIDEO_LADDER_STATE_NAMES } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Progress, Space, Tag, Typography } from 'antd';
import { ApiError, get } from '@/api/client.ts';

/** How often a video being transcoded is asked after. */
const POLL_MS = 2_000;

const minutes = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * What the media pipeline has made of an uploaded lesson video (`url`): while it transcodes, its
 * progress and what it is doing (asked after every 2 s); once ready, the rungs a phone may play
 * and whether it has sound for 只听声音; when it failed, the reason and what to do. Nothing for a
 * video the pipeline never saw (uploaded before it, or the demo's).
 */
export function VideoLadderStatus({
  url,
  pendingHint = '转码在后台进行，可以先保存课程；转码完成后才能发布。',
}: {
  url: string;
  /** What the operator may do meanwhile (a lesson waits for it; a replay plays the upload). */
  pendingHint?: string;
}) {
  const ladder = useQuery({
    queryKey: ['video-ladder', url],
    queryFn: () => get<AdminVideoLadder>('/api/admin/uploads/video-ladder', { url }),
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? POLL_MS : false),
    retry: (count, error) =>
      !(error instanceof ApiError && error.code === ErrorCode.notFound) && count < 2,
  });
  if (ladder.isPending) {
    return <Typography.Text type="secondary">正在查询转码状态…</Typography.Text>;
  }
  if (ladder.isError) {
    if (ladder.error instanceof ApiError && ladder.error.code === ErrorCode.notFound) return null;
    return (
      <Alert
        type="warning"
        showIcon
        title="转码状态暂时查不到"
        description={ladder.error.message}
        action={
          <Button size="small" onClick={() => void ladder.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  const data = ladder.data;
  const name = VIDEO_LADDER_STATE_NAMES[data.state];
  if (data.state === 'pending') {
    return (
      <section aria-label="视频转码" aria-live="polite" style={{ maxWidth: 420 }}>
        <Space size={8} wrap>
          <Tag color="#0e56d8">{name}</Tag>
          <Typography.Text type="secondary">{data.note ?? '排队等待转码'}</Typography.Text>
        </Space>
        <Progress
          percent={Math.round((data.progress ?? 0) * 100)}
          status="active"
          aria-label="转码进度"
        />
        <Typography.Text type="secondary">{pendingHint}</Typography.Text>
      </section>
    );
  }
  if (data.state === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={name}
        description={`${data.reason ?? '原因未知'}。原文件已保留；请检查视频后重新上传。`}
      />
    );
  }
  return (
    <section aria-label="视频转码">
      <Space size={8} wrap>
        <Tag color="#237804">{name}</Tag>
        <Typography.Text>
          {data.rungs.map((rung) => `${rung}p`).join(' / ')}
          {data.durationSeconds === null ? '' : ` · 时长 ${minutes(data.durationSeconds)}`}
          {data.audioUrl ? ' · 可只听声音' : ' · 无声音'}
        </Typography.Text>
      </Space>
    </section>
  );
}
