import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import type { LearnerDetail } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Avatar,
  Button,
  Card,
  Descriptions,
  Flex,
  Result,
  Skeleton,
  Space,
  Tabs,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client.ts';
import { useOperator } from '@/app/operator.ts';
import { formatTime } from '@/ui/format.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { useUrlFilters } from '@/ui/url-filters.ts';
import { enableLearner, getLearner, learnerKeys } from './api.ts';
import { DisableDialog, PointsDialog } from './LearnerDialogs.tsx';
import {
  DeviceTable,
  LearningSummary,
  MedalTable,
  SIGNUPS_SHOWN,
  SignupTable,
  TeamTable,
} from './LearnerRecords.tsx';
import { LearnerStateTag } from './LearnerStateTag.tsx';
import { LedgerTable } from './LedgerTable.tsx';
import { learnerPaths, listFrom } from './paths.ts';
import { useRefreshLearners } from './use-refresh-learners.ts';

const TABS = ['signups', 'ledger', 'medals', 'teams', 'devices'] as const;
type TabKey = (typeof TABS)[number];

const isTab = (value: string | undefined): value is TabKey =>
  (TABS as readonly string[]).includes(value ?? '');

/** A learner the site does not have (never came to it, or the address is wrong). */
function NoSuchLearner({ reason }: { reason: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="没有找到这个学员"
      subTitle={`${reason}：学员可能从未登录本站，或已注销账号。`}
      extra={
        <Button type="primary" onClick={() => navigate(learnerPaths.list)}>
          回到学员列表
        </Button>
      }
    />
  );
}

/** The heading's facts: phone, points, when they came and were last seen. */
function LearnerFacts({ detail }: { detail: LearnerDetail }) {
  const { learner } = detail;
  return (
    <Flex gap={24} align="flex-start" wrap>
      <Avatar size={64} src={learner.avatar ?? undefined} alt="" aria-hidden>
        {learner.nickname.slice(0, 1)}
      </Avatar>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, xl: 4 }}
        style={{ flex: 1, minWidth: 260 }}
        items={[
          {
            key: 'phone',
            label: '手机号',
            children: detail.phonesMasked ? (
              <span>
                {learner.phone}
                <Typography.Text type="secondary">（已部分隐藏）</Typography.Text>
              </span>
            ) : (
              learner.phone
            ),
          },
          {
            key: 'points',
            label: '积分余额',
            children: (
              <Typography.Text strong aria-live="polite">
                {learner.points} 分
              </Typography.Text>
            ),
          },
          { key: 'joined', label: '加入本站', children: formatTime(learner.joinedAt) },
          { key: 'seen', label: '最近登录', children: formatTime(learner.lastSeenAt) },
        ]}
      />
    </Flex>
  );
}

/** The buttons of an operator who manages accounts: points, stop or start. */
function ManageButtons({
  learner,
  onAdjust,
  onDisable,
}: {
  learner: LearnerDetail['learner'];
  onAdjust: () => void;
  onDisable: () => void;
}) {
  const { message, modal } = App.useApp();
  const refresh = useRefreshLearners();
  const enable = useMutation({
    mutationFn: () => enableLearner({ id: learner.id }),
    onSuccess: () => {
      message.success(`已启用「${learner.nickname}」的账号`);
      return refresh();
    },
    onError: (error) => message.error(error.message),
  });
  const handleEnable = () =>
    modal.confirm({
      title: `启用「${learner.nickname}」的账号？`,
      content: '启用后，学员可以重新登录本站，学习记录、报名和积分都在。',
      okText: '启用',
      cancelText: '取消',
      // A refusal is told by the toast; the dialog closes either way.
      onOk: () => enable.mutateAsync().catch(() => undefined),
    });
  return (
    <>
      <Button onClick={onAdjust}>调整积分</Button>
      {learner.state === 'disabled' ? (
        <Button type="primary" loading={enable.isPending} onClick={handleEnable}>
          启用账号
        </Button>
      ) : (
        <Button danger onClick={onDisable}>
          停用账号
        </Button>
      )}
    </>
  );
}

/**
 * One learner on the site (`/learners/detail?id=`): who they are, how they learn, their
 * sign-ups, points ledger, medals, teams and signed-in devices; an operator who manages accounts
 * (站点管理员) stops or starts it and corrects the points with a reason.
 */
export function LearnerPage() {
  const operator = useOperator();
  const location = useLocation();
  const { number, text } = useUrlFilters();
  const [params, setParams] = useSearchParams();
  const id = number('id');
  const tab = text('tab');
  // A tab is kept in the address (a reload stays on it) without a step in the history, and
  // with the list's search the page came with (返回).
  const handleTab = (key: string) => {
    const next = new URLSearchParams(params);
    if (key === 'signups') next.delete('tab');
    else next.set('tab', key);
    setParams(next, { replace: true, state: location.state });
  };
  const [dialog, setDialog] = useState<'points' | 'disable' | null>(null);
  const refresh = useRefreshLearners();
  const detail = useQuery({
    queryKey: learnerKeys.detail(id ?? 0),
    queryFn: () => getLearner(id ?? 0),
    enabled: id !== undefined,
  });

  if (id === undefined) return <NoSuchLearner reason="地址中缺少学员编号" />;
  if (detail.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton active avatar paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.code === ErrorCode.notFound) {
      return <NoSuchLearner reason={detail.error.message} />;
    }
    return (
      <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>学员详情</h1>}>
        <LoadFailed what="学员详情" error={detail.error} retry={() => detail.refetch()} />
      </Card>
    );
  }

  const data = detail.data;
  const { learner } = data;
  const listsParticipants =
    operator.can('editor') || operator.can('reviewer') || operator.can('checkin');
  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Flex wrap align="center" gap={8}>
            <Link to={listFrom(location.state)} aria-label="返回学员列表">
              <ArrowLeftOutlined />
            </Link>
            <h1 style={{ fontSize: 18, margin: 0 }}>学员：{learner.nickname}</h1>
            <LearnerStateTag state={learner.state} />
          </Flex>
        }
        extra={
          <Space wrap>
            {data.canManage ? (
              <ManageButtons
                learner={learner}
                onAdjust={() => setDialog('points')}
                onDisable={() => setDialog('disable')}
              />
            ) : null}
            <Button
              icon={<ReloadOutlined />}
              loading={detail.isFetching}
              // The ledger and the list too: what another operator changed meanwhile.
              onClick={() => refresh()}
            >
              刷新
            </Button>
          </Space>
        }
      >
        {learner.state === 'disabled' ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`账号已于 ${formatTime(learner.disabledAt)} 停用，学员无法登录本站`}
            description={`停用原因：${learner.disabledReason || '未填写'}`}
          />
        ) : null}
        <LearnerFacts detail={data} />
      </Card>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>学习情况</h2>}>
        <LearningSummary learning={data.learning} />
      </Card>
      <Card>
        <Tabs
          activeKey={isTab(tab) ? tab : 'signups'}
          onChange={handleTab}
          items={[
            {
              key: 'signups',
              label: `报名记录（${data.signups.length >= SIGNUPS_SHOWN ? `${SIGNUPS_SHOWN}+` : data.signups.length}）`,
              children: (
                <SignupTable signups={data.signups} listsParticipants={listsParticipants} />
              ),
            },
            { key: 'ledger', label: '积分明细', children: <LedgerTable learnerId={learner.id} /> },
            {
              key: 'medals',
              label: `勋章（${data.medals.length}）`,
              children: <MedalTable medals={data.medals} />,
            },
            {
              key: 'teams',
              label: `团队（${data.teams.length}）`,
              children: <TeamTable teams={data.teams} />,
            },
            {
              key: 'devices',
              label: `登录设备（${data.devices.length}）`,
              children: (
                <DeviceTable devices={data.devices} disabled={learner.state === 'disabled'} />
              ),
            },
          ]}
        />
      </Card>
      {dialog === 'points' ? (
        <PointsDialog learner={learner} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'disable' ? (
        <DisableDialog learner={learner} onClose={() => setDialog(null)} />
      ) : null}
    </Flex>
  );
}
