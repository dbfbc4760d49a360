import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminWalkSession } from '@portal/contract';
import {
  SEATS_MAX,
  WALK_GUIDE_MAX,
  WALK_MEETING_POINT_MAX,
  WALK_SESSIONS_MAX,
} from '@portal/contract/constants';
import {
  Button,
  DatePicker,
  Flex,
  Input,
  InputNumber,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ParticipantsLink } from '@/ui/ParticipantsLink.tsx';

/** A session as the form holds it (a new one's fields may still be empty). */
type Session = Pick<AdminWalkSession, 'id' | 'startAt' | 'endAt' | 'capacity'> & {
  meetingPoint?: string;
  guide?: string;
};

/** A row of the table: the session and where it is in the list. */
interface Line {
  key: string;
  index: number;
  session: Session;
}

/** A new session: two days from now at 9:00 for two hours, as the last one meets if any. */
function nextSession(last: Session | undefined): Session {
  const start = dayjs().add(2, 'day').hour(9).startOf('hour');
  return {
    startAt: start.toISOString(),
    endAt: start.add(2, 'hour').toISOString(),
    meetingPoint: last?.meetingPoint ?? '',
    guide: last?.guide ?? '',
    capacity: last?.capacity ?? 20,
  };
}

const FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * The guided sessions of a walk as an editable table: the time, meeting point, guide and seats
 * of each, and the seats learners took (read only, `seats` by session id). A booked session can
 * neither be removed nor moved, and its seats never fall below those taken: its controls say so.
 */
export function SessionTableField({
  value = [],
  onChange,
  id,
  seats,
}: {
  value?: Session[];
  onChange?: (value: Session[]) => void;
  id?: string;
  seats: ReadonlyMap<number, number>;
}) {
  const change = (index: number, patch: Partial<Session>) =>
    onChange?.(value.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)));
  const takenOf = (session: Session) =>
    session.id === undefined ? 0 : (seats.get(session.id) ?? 0);
  const time = (line: Line, which: 'startAt' | 'endAt', name: string) => {
    const taken = takenOf(line.session);
    return (
      <DatePicker
        aria-label={`第 ${line.index + 1} 场导览的${name}`}
        showTime={{ format: 'HH:mm' }}
        format={FORMAT}
        allowClear={false}
        disabled={taken > 0}
        value={line.session[which] ? dayjs(line.session[which]) : null}
        onChange={(chosen: Dayjs | null) => {
          if (chosen) change(line.index, { [which]: chosen.toISOString() });
        }}
        style={{ width: 170 }}
      />
    );
  };
  const columns: TableColumnsType<Line> = [
    {
      title: '开始时间',
      key: 'startAt',
      width: 190,
      render: (_, line) => time(line, 'startAt', '开始时间'),
    },
    {
      title: '结束时间',
      key: 'endAt',
      width: 190,
      render: (_, line) => time(line, 'endAt', '结束时间'),
    },
    {
      title: '集合地点',
      key: 'meetingPoint',
      render: (_, line) => (
        <Input
          aria-label={`第 ${line.index + 1} 场导览的集合地点`}
          placeholder="如 静安寺地铁站 1 号口"
          maxLength={WALK_MEETING_POINT_MAX}
          value={line.session.meetingPoint ?? ''}
          onChange={(event) => change(line.index, { meetingPoint: event.target.value })}
        />
      ),
    },
    {
      title: '导览员',
      key: 'guide',
      width: 130,
      render: (_, line) => (
        <Input
          aria-label={`第 ${line.index + 1} 场导览的导览员`}
          placeholder="如 李老师"
          maxLength={WALK_GUIDE_MAX}
          value={line.session.guide ?? ''}
          onChange={(event) => change(line.index, { guide: event.target.value })}
        />
      ),
    },
    {
      title: '名额',
      key: 'capacity',
      width: 110,
      render: (_, line) => {
        const taken = takenOf(line.session);
        return (
          <InputNumber
            aria-label={`第 ${line.index + 1} 场导览的名额`}
            min={Math.max(1, taken)}
            max={SEATS_MAX}
            precision={0}
            value={line.session.capacity}
            onChange={(capacity) => {
              if (typeof capacity === 'number') change(line.index, { capacity });
            }}
            style={{ width: 90 }}
          />
        );
      },
    },
    {
      title: '已报名',
      key: 'taken',
      width: 110,
      render: (_, line) => (
        <>
          <span>{takenOf(line.session)} 人</span>{' '}
          {line.session.id === undefined ? null : (
            <ParticipantsLink
              kind="walk"
              id={line.session.id}
              label={`第 ${line.index + 1} 场导览`}
            />
          )}
        </>
      ),
    },
    {
      title: '操作',
      key: 'remove',
      width: 70,
      render: (_, line) => {
        const taken = takenOf(line.session);
        const why = taken > 0 ? `已有 ${taken} 人报名，这一场不能删除` : undefined;
        return (
          <Tooltip title={why}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={why ?? `删除第 ${line.index + 1} 场导览`}
              disabled={taken > 0 || undefined}
              onClick={() => onChange?.(value.filter((_, at) => at !== line.index))}
            />
          </Tooltip>
        );
      },
    },
  ];
  const full = value.length >= WALK_SESSIONS_MAX;
  return (
    <Flex vertical gap={8} id={id}>
      <Table<Line>
        size="small"
        pagination={false}
        columns={columns}
        dataSource={value.map((session, index) => ({
          key: session.id === undefined ? `new-${index}` : String(session.id),
          index,
          session,
        }))}
        locale={{ emptyText: '还没有导览场次：学员可以自行走，添加场次后可报名跟导览员走' }}
        scroll={{ x: 'max-content' }}
      />
      <Flex align="center" gap={12}>
        <Button
          icon={<PlusOutlined />}
          disabled={full || undefined}
          onClick={() => onChange?.([...value, nextSession(value.at(-1))])}
        >
          添加场次
        </Button>
        <Typography.Text type="secondary">
          已有人报名的场次不能删除、不能改时间，名额不能少于已报名人数。
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
