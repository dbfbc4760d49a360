import { PARTICIPANT_STATUS_NAMES, type ParticipantStatus } from '@portal/contract/constants';
import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** Filled tags, white text on a dark shade: 4.5:1 at least (as `StatusTag`). */
export const PARTICIPANT_STATUS_COLORS: Record<ParticipantStatus, string> = {
  active: '#237804',
  pending: '#ad4e00',
  waiting: '#003eb3',
  rejected: '#a8071a',
  cancelled: '#595959',
};

/** A sign-up's state (已报名, 待审核, 候补...), or `children` in its colour (候补第 2 位). */
export function ParticipantStatusTag({
  status,
  children,
}: {
  status: ParticipantStatus;
  children?: ReactNode;
}) {
  return (
    <Tag color={PARTICIPANT_STATUS_COLORS[status]}>
      {children ?? PARTICIPANT_STATUS_NAMES[status]}
    </Tag>
  );
}
