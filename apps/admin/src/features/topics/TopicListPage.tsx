import type { AdminTopicRow } from '@portal/contract';
import { type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { topicApi } from './TopicEditPage.tsx';

const columns: TableColumnsType<AdminTopicRow> = [
  {
    title: '专题名称',
    dataIndex: 'title',
    minWidth: 220,
    render: (title: string, row) => (
      <>
        <Link to={`/topics/edit?id=${row.id}`}>{title}</Link>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          /zhuanti/{row.slug}
        </Typography.Text>
      </>
    ),
  },
  { title: '栏目', dataIndex: 'sectionCount', width: 80 },
  { title: '内容', dataIndex: 'itemCount', width: 80 },
  ...reviewColumns<AdminTopicRow>(),
];

const TOPICS: ListKind<AdminTopicRow> = {
  name: '专题',
  unit: '个',
  listPath: '/topics',
  api: topicApi,
  columns,
};

/** The site's topics (专题管理). */
export function TopicListPage() {
  return <ReviewListPage kind={TOPICS} />;
}
