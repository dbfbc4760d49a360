import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CampaignRow } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Progress,
  Result,
  Row,
  Skeleton,
  Statistic,
  Typography,
} from 'antd';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/api/client.ts';
import { formatTime } from '@/ui/format.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { useUrlFilters } from '@/ui/url-filters.ts';
import { getCampaign, messageKeys } from './api.ts';
import { CampaignStateTag, sendTimeOf, useCancelCampaign } from './campaign-parts.tsx';

const share = (part: number | null, whole: number | null) =>
  part === null || !whole ? 0 : Math.round((part / whole) * 100);

/** How far the notice went: to how many, reached, read; dashes before it is sent. */
function Counts({ row }: { row: CampaignRow }) {
  if (row.recipients === null) {
    return (
      <Typography.Paragraph type="secondary">
        {row.state === 'cancelled'
          ? '这条消息已取消，没有发出。'
          : row.state === 'scheduled'
            ? `这条消息将于 ${formatTime(row.sendAt)} 发出，发出后这里显示送达和已读人数。`
            : '正在发送，稍后这里显示送达和已读人数。'}
      </Typography.Paragraph>
    );
  }
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} sm={8}>
        <Statistic title="发送人数" value={row.recipients} suffix="人" />
      </Col>
      <Col xs={24} sm={8}>
        <Statistic title="送达（发送后登录过本站）" value={row.delivered ?? 0} suffix="人" />
        <Progress
          percent={share(row.delivered, row.recipients)}
          size="small"
          aria-label="送达比例"
        />
      </Col>
      <Col xs={24} sm={8}>
        <Statistic title="已读" value={row.read ?? 0} suffix="人" />
        <Progress percent={share(row.read, row.recipients)} size="small" aria-label="已读比例" />
      </Col>
    </Row>
  );
}

/**
 * One notice: its text as learners read it, who it went to and when, and how many it reached
 * and were read by (followed while it goes out); one waiting for its time can be cancelled here.
 */
export function MessagePage() {
  const navigate = useNavigate();
  const { number } = useUrlFilters();
  const id = number('id') ?? 0;
  const campaign = useQuery({
    queryKey: messageKeys.detail(id),
    queryFn: () => getCampaign(id),
    enabled: id > 0,
    refetchInterval: (current) => (current.state.data?.state === 'sending' ? 3000 : false),
  });
  const cancel = useCancelCampaign();
  const back = (
    <Link to="/messages">
      <Button icon={<ArrowLeftOutlined />}>返回消息列表</Button>
    </Link>
  );
  if (
    id === 0 ||
    (campaign.error instanceof ApiError && campaign.error.code === ErrorCode.notFound)
  ) {
    return (
      <Result
        status="404"
        title="没有找到这条消息"
        subTitle="地址可能有误，或这条消息属于其他站点。"
        extra={
          <Button type="primary" onClick={() => navigate('/messages')}>
            回到消息列表
          </Button>
        }
      />
    );
  }
  const row = campaign.data;
  return (
    <Card
      title={<h1 style={{ fontSize: 18, margin: 0 }}>{row ? row.title : '群发消息'}</h1>}
      extra={
        <Flex gap={8}>
          {back}
          <Button
            icon={<ReloadOutlined />}
            loading={campaign.isRefetching}
            onClick={() => campaign.refetch()}
          >
            刷新
          </Button>
          {row?.state === 'scheduled' ? (
            <Button danger loading={cancel.pending} onClick={() => cancel.ask(row)}>
              取消发送
            </Button>
          ) : null}
        </Flex>
      }
    >
      {campaign.isError ? (
        <LoadFailed what="这条消息" error={campaign.error} retry={() => campaign.refetch()} />
      ) : !row ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap={24}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'state', label: '状态', children: <CampaignStateTag state={row.state} /> },
              { key: 'time', label: '发送时间', children: sendTimeOf(row) },
              { key: 'audience', label: '发送对象', children: row.audience.label },
              { key: 'author', label: '发送人', children: row.author },
              { key: 'created', label: '写于', children: formatTime(row.createdAt) },
            ]}
          />
          <Counts row={row} />
          <section aria-label="正文">
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              学员看到的内容
            </Typography.Title>
            <Card size="small" style={{ background: '#fafafa' }}>
              <Typography.Text strong>{row.title}</Typography.Text>
              <Typography.Paragraph
                style={{ whiteSpace: 'pre-wrap', marginTop: 8, marginBottom: 0 }}
              >
                {row.body}
              </Typography.Paragraph>
            </Card>
          </section>
        </Flex>
      )}
    </Card>
  );
}
