import {
  CheckCircleFilled,
  CloseCircleFilled,
  LeftOutlined,
  QrcodeOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { CheckinDeskBody, CheckinDeskSummary } from '@portal/contract';
import { ErrorCode } from '@portal/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, type InputRef, Result, Skeleton } from 'antd';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/api/client.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { checkInAtDesk, checkinKeys, getDeskSummary } from './api.ts';
import { CameraScanner } from './CameraScanner.tsx';
import { clock, timeSpan } from './time.ts';

/** Several tablets may work the same door: each reads the count again this often. */
const POLL_MS = 5000;

/** What the learner's QR holds: their application's check-in code (base64url). */
const CODE_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;

const PHONE_PATTERN = /^1\d{10}$/;

/** The latest check-in tried at this desk, as its result panel shows it. */
type Outcome =
  | { kind: 'ok'; name: string; at: string; seq: number }
  | { kind: 'refused'; message: string; what: string; seq: number };

/** The result panel: green for a check-in, red for a refusal, read out as it changes. */
function ResultPanel({ outcome }: { outcome: Outcome | null }) {
  const state = outcome === null ? 'is-idle' : outcome.kind === 'ok' ? 'is-ok' : 'is-refused';
  return (
    <div
      className={`checkin-desk-panel checkin-desk-result ${state}`}
      aria-live="assertive"
      aria-atomic="true"
    >
      {outcome === null ? (
        <>
          <QrcodeOutlined aria-hidden />
          <div>
            <p className="checkin-desk-result-title">等待签到</p>
            <p className="checkin-desk-result-note">
              请学员出示「我的活动」里的签到码（识别后自动签到，可接着扫下一位），或输入报名时的手机号。
            </p>
          </div>
        </>
      ) : outcome.kind === 'ok' ? (
        <div key={outcome.seq} style={{ display: 'contents' }}>
          <CheckCircleFilled aria-hidden />
          <div>
            <p className="checkin-desk-result-title">「{outcome.name}」签到成功</p>
            <p className="checkin-desk-result-note">签到时间 {clock(outcome.at)}</p>
          </div>
        </div>
      ) : (
        <div key={outcome.seq} style={{ display: 'contents' }}>
          <CloseCircleFilled aria-hidden />
          <div>
            <p className="checkin-desk-result-title">{outcome.message}</p>
            <p className="checkin-desk-result-note">未签到（{outcome.what}）</p>
          </div>
        </div>
      )}
    </div>
  );
}

/** 手机号签到: the number the learner signed up with; Enter checks them in. */
function PhoneCheckin({
  onCheckin,
  pending,
}: {
  onCheckin: (phone: string, done: () => void) => void;
  pending: boolean;
}) {
  const headingId = useId();
  const [form] = Form.useForm<{ phone: string }>();
  const input = useRef<InputRef>(null);
  const handleFinish = ({ phone }: { phone: string }) =>
    onCheckin(phone, () => {
      form.resetFields();
      input.current?.focus();
    });
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>手机号签到</h2>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className="checkin-desk-phone"
        onFinish={handleFinish}
        // Checked on 签到 only, not at every digit typed; a correction clears the message.
        onValuesChange={() => form.setFields([{ name: 'phone', errors: [] }])}
      >
        <Form.Item
          name="phone"
          validateTrigger={[]}
          normalize={(value: string) => value.replace(/\D/g, '')}
          rules={[
            { required: true, message: '请输入学员的手机号' },
            { pattern: PHONE_PATTERN, message: '请输入 11 位手机号' },
          ]}
        >
          <Input
            ref={input}
            aria-labelledby={headingId}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            placeholder="学员报名的 11 位手机号"
          />
        </Form.Item>
        <Button className="checkin-desk-big" type="primary" htmlType="submit" loading={pending}>
          签到
        </Button>
      </Form>
    </section>
  );
}

/** The latest arrivals, newest first. */
function RecentArrivals({ summary }: { summary: CheckinDeskSummary }) {
  const headingId = useId();
  return (
    <section className="checkin-desk-panel checkin-desk-recent" aria-labelledby={headingId}>
      <h2 id={headingId}>最近签到</h2>
      {summary.recent.length === 0 ? (
        <p className="checkin-desk-empty">还没有学员签到。签到成功的学员会显示在这里。</p>
      ) : (
        <ol>
          {summary.recent.map((arrival) => (
            <li key={arrival.applicationId}>
              <span className="name">{arrival.nickname}</span>
              <span className="phone">{arrival.phone}</span>
              <time dateTime={arrival.checkedInAt}>{clock(arrival.checkedInAt)}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The desk at the door of one activity: its heading and live count (read again every
 * {@link POLL_MS}, for the other tablets at the same door), the camera and the phone number to
 * check learners in, the result of the latest one, and the latest arrivals.
 */
export function CheckinDesk({ activityId }: { activityId: number }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const summaryKey = checkinKeys.summary(activityId);
  const summary = useQuery({
    queryKey: summaryKey,
    queryFn: () => getDeskSummary(activityId),
    refetchInterval: POLL_MS,
  });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const seq = useRef(0);
  const checkin = useMutation({
    mutationFn: (body: CheckinDeskBody) => checkInAtDesk(body),
    onSuccess: (result) => {
      client.setQueryData(summaryKey, result.summary);
      seq.current += 1;
      setOutcome({
        kind: 'ok',
        name: result.checkin.learnerName,
        at: result.checkin.checkedInAt,
        seq: seq.current,
      });
    },
    onError: (error, body) => {
      seq.current += 1;
      setOutcome({
        kind: 'refused',
        message: error.message,
        what: body.phone ? `手机号 ${body.phone}` : '扫码',
        seq: seq.current,
      });
      return client.invalidateQueries({ queryKey: summaryKey });
    },
  });

  const handleScan = (code: string) => {
    if (!CODE_PATTERN.test(code)) {
      seq.current += 1;
      setOutcome({
        kind: 'refused',
        message: '这不是学习网的签到码，请学员打开「我的活动」中本活动的签到码',
        what: '扫码',
        seq: seq.current,
      });
      return;
    }
    checkin.mutate({ activityId, code });
  };
  const handlePhone = (phone: string, done: () => void) =>
    checkin.mutate({ activityId, phone }, { onSuccess: done });

  if (summary.isPending) {
    return (
      <div className="checkin-desk-panel" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (summary.isError && !summary.data) {
    if (summary.error instanceof ApiError && summary.error.code === ErrorCode.notFound) {
      return (
        <Result
          status="404"
          title="没有找到这个活动"
          subTitle={`${summary.error.message}：它可能已被删除，或不属于本站。请重新选择要签到的活动。`}
          extra={
            <Button type="primary" onClick={() => navigate('/checkin')}>
              选择活动
            </Button>
          }
        />
      );
    }
    return <LoadFailed what="签到台" error={summary.error} retry={() => summary.refetch()} />;
  }

  const { activity } = summary.data;
  return (
    <div className="checkin-desk">
      <div className="checkin-desk-grid">
        <header className="checkin-desk-panel checkin-desk-head">
          <div className="checkin-desk-title">
            <nav className="checkin-desk-links" aria-label="签到台导航">
              <Link to="/checkin">
                <LeftOutlined aria-hidden />
                更换活动
              </Link>
              <Link to={`/participants?kind=activity&id=${activity.id}`}>
                <UnorderedListOutlined aria-hidden />
                报名名单
              </Link>
            </nav>
            <h1>签到台：{activity.title}</h1>
            <p className="checkin-desk-facts">
              {activity.place} · {timeSpan(activity.startAt, activity.endAt)}
            </p>
          </div>
          <p className="checkin-desk-count">
            已签到<strong>{summary.data.checkedIn}</strong>/ 已报名 {summary.data.signedUp}
            {summary.isError ? (
              <span className="checkin-desk-stale">人数暂未刷新（网络异常），正在重试…</span>
            ) : null}
          </p>
        </header>
        <ResultPanel outcome={outcome} />
        <div className="checkin-desk-panel checkin-desk-scan">
          <CameraScanner onScan={handleScan} />
          <PhoneCheckin onCheckin={handlePhone} pending={checkin.isPending} />
        </div>
        <RecentArrivals summary={summary.data} />
      </div>
    </div>
  );
}
