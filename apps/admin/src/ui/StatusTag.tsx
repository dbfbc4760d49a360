import { REVIEW_STATUS_NAMES, type ReviewStatus } from '@portal/contract/constants';
import { Space, Tag } from 'antd';

/** Filled tags, white text on a dark shade of each colour: 4.5:1 at least. */
const COLORS: Record<ReviewStatus, string> = {
  draft: '#595959',
  pending: '#ad4e00',
  published: '#237804',
  offline: '#434343',
  rejected: '#a8071a',
};

const EDIT_NAMES = { draft: '修改未提交', pending: '修改待审核', rejected: '修改被驳回' } as const;

/** A record's review status, and its waiting edit's when there is one. */
export function StatusTag({
  status,
  edit,
}: {
  status: ReviewStatus;
  edit?: keyof typeof EDIT_NAMES | null | undefined;
}) {
  return (
    <Space size={4} wrap>
      <Tag color={COLORS[status]}>{REVIEW_STATUS_NAMES[status]}</Tag>
      {edit ? <Tag color={COLORS[edit]}>{EDIT_NAMES[edit]}</Tag> : null}
    </Space>
  );
}
