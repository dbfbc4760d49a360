import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Pagination, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { useUrlFilters } from '@/ui/url-filters.ts';
import { checkinKeys, type DeskActivityQuery, listDeskActivities } from './api.ts';
import { CheckinDesk } from './CheckinDesk.tsx';
import { timeSpan } from './time.ts';
import './checkin-desk.css';

const PAGE_SIZE = 10;

/** 签到台's first page: the site's activities not ended yet, soonest first, found by title. */
function ActivityPicker() {
  const { number, text, setFilter } = useUrlFilters();
  const query: DeskActivityQuery = { q: text('q'), page: number('page') ?? 1, size: PAGE_SIZE };
  const items = useQuery({
    queryKey: checkinKeys.activities(query),
    queryFn: () => listDeskActivities(query),
    placeholderData: keepPreviousData,
  });
  const list = items.data?.list ?? [];
  const now = dayjs();
  return (
    <Card
      title={<h1 style={{ fontSize: 20, margin: 0 }}>签到台</h1>}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => items.refetch()}>
          刷新
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
        选择在门口签到的活动：用平板的摄像头扫描学员手机上的签到码，或输入学员的报名手机号。这里列出本站未结束的活动，开始时间早的在前。
      </Typography.Paragraph>
      <search aria-label="查找活动" style={{ display: 'block', marginBottom: 16 }}>
        <Input.Search
          aria-label="活动名称关键词"
          placeholder="搜索活动名称"
          size="large"
          allowClear
          enterButton="搜索"
          defaultValue={query.q}
          onSearch={(value) => setFilter({ q: value.trim() || undefined })}
          style={{ maxWidth: 480 }}
        />
      </search>
      {items.isError ? (
        <LoadFailed what="活动列表" error={items.error} retry={() => items.refetch()} />
      ) : items.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.length === 0 ? (
        <Empty
          description={query.q ? `没有名称含“${query.q}”的未结束活动` : '本站没有未结束的活动'}
        />
      ) : (
        <>
          <ul
            className="checkin-picker-list"
            aria-label="未结束的活动"
            aria-busy={items.isFetching}
          >
            {list.map((row) => (
              <li key={row.id}>
                <Link to={`/checkin?activityId=${row.id}`}>
                  <span className="title">{row.title}</span>
                  <span className="facts">
                    {dayjs(row.startAt).isBefore(now) ? (
                      <Tag color="#0e56d8" style={{ marginInlineEnd: 8 }}>
                        进行中
                      </Tag>
                    ) : null}
                    {timeSpan(row.startAt, row.endAt)} · 已报名 {row.seatsTaken}
                    {row.capacity === null ? '' : ` / ${row.capacity}`} 人
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pagination
            current={items.data?.page ?? query.page}
            pageSize={PAGE_SIZE}
            total={items.data?.total ?? 0}
            showSizeChanger={false}
            showTotal={(total) => `共 ${total} 个活动`}
            hideOnSinglePage
            onChange={(page) => setFilter({ page: String(page) })}
          />
        </>
      )}
    </Card>
  );
}

/**
 * 签到台 (`/checkin`): the activity to check learners in for, then its desk
 * (`/checkin?activityId=`), made for a tablet at the door.
 */
export function CheckinPage() {
  const { number } = useUrlFilters();
  const activityId = number('activityId');
  return activityId === undefined ? <ActivityPicker /> : <CheckinDesk activityId={activityId} />;
}
