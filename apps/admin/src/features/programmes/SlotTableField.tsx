import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminProgrammeSlot } from '@portal/contract';
import { PROGRAMME_SLOTS_MAX, SLOT_CAPACITY_MAX } from '@portal/contract/constants';
import {
  Button,
  DatePicker,
  Flex,
  InputNumber,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ParticipantsLink } from '@/ui/ParticipantsLink.tsx';

/** A slot as the form holds it. */
type Slot = Pick<AdminProgrammeSlot, 'id' | 'startAt' | 'endAt' | 'capacity'>;

/** A row of the table: the slot and where it is in the list. */
interface Line {
  key: string;
  index: number;
  slot: Slot;
}

const FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * A new slot: the day after the last one at its time (or two days from now at 9:30), as long as
 * a visit lasts, with the last one's seats.
 */
function nextSlot(last: Slot | undefined, minutes: number): Slot {
  const start = last
    ? dayjs(last.startAt).add(1, 'day')
    : dayjs().add(2, 'day').hour(9).minute(30).startOf('minute');
  return {
    startAt: start.toISOString(),
    endAt: start.add(minutes, 'minute').toISOString(),
    capacity: last?.capacity ?? 20,
  };
}

/**
 * The visit slots of a programme as an editable table: each slot's time (a range picker) and
 * seats, and the seats learners took (read only, `seats` by slot id). A booked slot can neither
 * be removed nor moved, and its seats never fall below those taken: its controls say so.
 */
export function SlotTableField({
  value = [],
  onChange,
  id,
  seats,
  minutes,
}: {
  value?: Slot[];
  onChange?: (value: Slot[]) => void;
  id?: string;
  seats: ReadonlyMap<number, number>;
  /** How long a visit lasts: a new slot's length. */
  minutes: number;
}) {
  const change = (index: number, patch: Partial<Slot>) =>
    onChange?.(value.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)));
  const takenOf = (slot: Slot) => (slot.id === undefined ? 0 : (seats.get(slot.id) ?? 0));
  const columns: TableColumnsType<Line> = [
    {
      title: '场次',
      key: 'n',
      width: 70,
      render: (_, line) => `第 ${line.index + 1} 个`,
    },
    {
      title: '参观时间',
      key: 'time',
      width: 360,
      render: (_, line) => {
        const taken = takenOf(line.slot);
        const range = (
          <DatePicker.RangePicker
            aria-label={`第 ${line.index + 1} 个场次的时间`}
            placeholder={[`第 ${line.index + 1} 个场次开始`, '结束']}
            showTime={{ format: 'HH:mm' }}
            format={FORMAT}
            allowClear={false}
            disabled={taken > 0}
            value={[
              line.slot.startAt ? dayjs(line.slot.startAt) : null,
              line.slot.endAt ? dayjs(line.slot.endAt) : null,
            ]}
            onChange={(chosen: [Dayjs | null, Dayjs | null] | null) => {
              const [start, end] = chosen ?? [null, null];
              if (!start || !end) return;
              change(line.index, {
                startAt: start.second(0).millisecond(0).toISOString(),
                endAt: end.second(0).millisecond(0).toISOString(),
              });
            }}
            style={{ width: 340 }}
          />
        );
        return taken > 0 ? (
          <Tooltip title={`已有 ${taken} 人预约，这个场次不能改时间`}>{range}</Tooltip>
        ) : (
          range
        );
      },
    },
    {
      title: '名额',
      key: 'capacity',
      width: 120,
      render: (_, line) => {
        const taken = takenOf(line.slot);
        return (
          <InputNumber
            aria-label={`第 ${line.index + 1} 个场次的名额`}
            min={Math.max(1, taken)}
            max={SLOT_CAPACITY_MAX}
            precision={0}
            suffix="人"
            value={line.slot.capacity}
            onChange={(capacity) => {
              if (typeof capacity === 'number') change(line.index, { capacity });
            }}
            style={{ width: 100 }}
          />
        );
      },
    },
    {
      title: '已预约',
      key: 'taken',
      width: 110,
      render: (_, line) => (
        <>
          <span>{takenOf(line.slot)} 人</span>{' '}
          {line.slot.id === undefined ? null : (
            <ParticipantsLink kind="slot" id={line.slot.id} label={`第 ${line.index + 1} 个场次`} />
          )}
        </>
      ),
    },
    {
      title: '操作',
      key: 'remove',
      width: 70,
      render: (_, line) => {
        const taken = takenOf(line.slot);
        const why = taken > 0 ? `已有 ${taken} 人预约，这个场次不能删除` : undefined;
        return (
          <Tooltip title={why}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={why ?? `删除第 ${line.index + 1} 个场次`}
              disabled={taken > 0 || undefined}
              onClick={() => onChange?.(value.filter((_, at) => at !== line.index))}
            />
          </Tooltip>
        );
      },
    },
  ];
  const full = value.length >= PROGRAMME_SLOTS_MAX;
  return (
    <Flex vertical gap={8} id={id}>
      <Table<Line>
        size="small"
        pagination={false}
        columns={columns}
        dataSource={value.map((slot, index) => ({
          key: slot.id === undefined ? `new-${index}` : String(slot.id),
          index,
          slot,
        }))}
        locale={{ emptyText: '还没有参观场次：发布后学员会看到“近期暂无开放场次”' }}
        scroll={{ x: 'max-content' }}
      />
      <Flex align="center" gap={12} wrap>
        <Button
          icon={<PlusOutlined />}
          disabled={full || undefined}
          onClick={() => onChange?.([...value, nextSlot(value.at(-1), minutes)])}
        >
          添加场次
        </Button>
        <Typography.Text type="secondary">
          已有人预约的场次不能删除、不能改时间，名额不能少于已预约人数；已结束的场次不在此列出。
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
