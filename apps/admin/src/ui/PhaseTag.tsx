import type { ClassStatus } from '@portal/contract/constants';
import { Tag } from 'antd';

/** Filled tags, white text on a dark shade of each colour: 4.5:1 at least (as `StatusTag`). */
const COLORS: Record<ClassStatus, string> = {
  未开始: '#595959',
  报名中: '#237804',
  已满: '#ad4e00',
  进行中: '#0e56d8',
  已结束: '#434343',
};

/** The sign-up state learners see now (a class's, an activity's), with the seats taken. */
export function PhaseTag({
  phase,
  seatsTaken,
  capacity,
}: {
  phase: ClassStatus;
  seatsTaken: number;
  capacity: number;
}) {
  return (
    <>
      <Tag color={COLORS[phase]}>{phase}</Tag>
      {seatsTaken}/{capacity}
    </>
  );
}
