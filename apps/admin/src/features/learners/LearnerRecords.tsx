import type { LearnerDetail, LearnerSignup } from '@portal/contract';
import {
  LEARNING_KIND_LABELS,
  LEARNING_KINDS,
  PARTICIPANT_KIND_NAMES,
  type ParticipantKind,
} from '@portal/contract/constants';
import { Empty, Flex, Statistic, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { formatLearningTime, formatTime } from '@/ui/format.ts';
import { ParticipantStatusTag } from '@/ui/ParticipantStatusTag.tsx';
import { ParticipantsLink } from '@/ui/ParticipantsLink.tsx';

/** The most sign-ups the detail holds (the latest). */
export const SIGNUPS_SHOWN = 50;

/** 学习情况: all-time time and days, the streaks, and the last 30 days by kind. */
export function LearningSummary({ learning }: { learning: LearnerDetail['learning'] }) {
  const recent = LEARNING_KINDS.map((kind) => ({
    kind,
    seconds: learning.recent.find((entry) => entry.kind === kind)?.seconds ?? 0,
  }));
  const recentTotal = recent.reduce((sum, entry) => sum + entry.seconds, 0);
  return (
    <>
      <Flex wrap gap={32} style={{ marginBottom: 16 }}>
        <Statistic title="累计学习" value={formatLearningTime(learning.seconds)} />
        <Statistic title="学习天数" value={learning.days} suffix="天" />
        <Statistic title="连续学习" value={learning.streak} suffix="天" />
        <Statistic title="最长连续" value={learning.longest} suffix="天" />
      </Flex>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        <Typography.Text strong>近 30 天：</Typography.Text>
        {recentTotal === 0
          ? '没有学习记录'
          : recent
              .map(
                (entry) =>
                  `${LEARNING_KIND_LABELS[entry.kind]} ${formatLearningTime(entry.seconds)}`,
              )
              .join('，')}
      </Typography.Paragraph>
    </>
  );
}

/** 报名记录: the latest sign-ups, each with the way to its item's participants when allowed. */
export function SignupTable({
  signups,
  listsParticipants,
}: {
  signups: LearnerSignup[];
  /** Whether the operator may open participants lists (editors, reviewers, 签到员). */
  listsParticipants: boolean;
}) {
  const columns: TableColumnsType<LearnerSignup> = [
    {
      title: '类型',
      dataIndex: 'kind',
      width: 90,
      render: (kind: ParticipantKind) => PARTICIPANT_KIND_NAMES[kind],
    },
    {
      title: '项目',
      dataIndex: 'title',
      // Slots and sessions of one programme share its title: their start tells them apart.
      render: (title: string, row) =>
        row.startsAt ? (
          <>
            {title}
            <Typography.Text type="secondary"> · {formatTime(row.startsAt)}</Typography.Text>
          </>
        ) : (
          title
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (status: LearnerSignup['status']) => <ParticipantStatusTag status={status} />,
    },
    { title: '报名时间', dataIndex: 'signedAt', width: 150, render: formatTime },
    ...(listsParticipants
      ? ([
          {
            title: '报名名单',
            key: 'list',
            width: 90,
            render: (_, row) => (
              <ParticipantsLink kind={row.kind} id={row.itemId} label={row.title} />
            ),
          },
        ] satisfies TableColumnsType<LearnerSignup>)
      : []),
  ];
  return (
    <>
      <Table<LearnerSignup>
        rowKey={(row) => `${row.kind}-${row.itemId}`}
        size="middle"
        columns={columns}
        dataSource={signups}
        pagination={false}
        locale={{ emptyText: <Empty description="暂无报名记录" /> }}
      />
      {signups.length >= SIGNUPS_SHOWN ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          只列出最近的 {SIGNUPS_SHOWN} 条报名记录。
        </Typography.Paragraph>
      ) : null}
    </>
  );
}

type Medal = LearnerDetail['medals'][number];
type Team = LearnerDetail['teams'][number];
type Device = LearnerDetail['devices'][number];

/** 勋章: the medals earned on the site. */
export function MedalTable({ medals }: { medals: Medal[] }) {
  return (
    <Table<Medal>
      rowKey="key"
      size="middle"
      pagination={false}
      dataSource={medals}
      locale={{ emptyText: <Empty description="暂无勋章" /> }}
      columns={[
        { title: '勋章', dataIndex: 'name' },
        { title: '获得时间', dataIndex: 'earnedAt', width: 160, render: formatTime },
      ]}
    />
  );
}

/** 团队: the teams the learner is in on the site, and whether they lead one. */
export function TeamTable({ teams }: { teams: Team[] }) {
  return (
    <Table<Team>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={teams}
      locale={{ emptyText: <Empty description="暂未加入团队" /> }}
      columns={[
        { title: '团队', dataIndex: 'name' },
        {
          title: '身份',
          dataIndex: 'leader',
          width: 90,
          render: (leader: boolean) => (leader ? <Tag color="#003eb3">队长</Tag> : '成员'),
        },
        { title: '加入时间', dataIndex: 'joinedAt', width: 160, render: formatTime },
      ]}
    />
  );
}

/** 登录设备: the devices signed in on the site now. */
export function DeviceTable({ devices, disabled }: { devices: Device[]; disabled: boolean }) {
  return (
    <Table<Device>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={devices}
      locale={{
        emptyText: (
          <Empty description={disabled ? '账号已停用，所有设备均已退出登录' : '暂无登录中的设备'} />
        ),
      }}
      columns={[
        { title: '设备', dataIndex: 'description' },
        { title: '登录时间', dataIndex: 'signedInAt', width: 160, render: formatTime },
        { title: '最近使用', dataIndex: 'lastSeenAt', width: 160, render: formatTime },
      ]}
    />
  );
}
