import type { DeliveryRequestDetail } from '@portal/contract';
import {
  canMove,
  DELIVERY_KIND_LABELS,
  DELIVERY_STATUS_LABELS,
  DELIVERY_TEXT_MAX,
} from '@portal/contract/constants';
import { Button, Dialog, Steps, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { ApiError } from '@/platform/request.ts';
import { Callout } from '@/ui/callout.tsx';
import { DetailPage, useDetailById } from '@/ui/detail-page.tsx';
import { Panel } from '@/ui/panel.tsx';
import {
  deliveryRequestQueryOptions,
  useRateDelivery,
  useWithdrawDelivery,
} from '../api/delivery.ts';
import { FactRows, StatusBadge } from '../components/delivery-bits.tsx';
import { StaffActions } from '../components/staff-actions.tsx';
import { StarPicker, StarsShown } from '../components/star-rating.tsx';
import { shanghaiText } from '../lib/dates.ts';
import '../delivery.css';

function History({ request }: { request: DeliveryRequestDetail }) {
  const last = request.history.length - 1;
  return (
    <Panel title="处理记录">
      <Steps direction="vertical" current={last}>
        {[...request.history].map((item, index) => (
          <Steps.Step
            key={`${item.status}-${item.at}`}
            title={DELIVERY_STATUS_LABELS[item.status]}
            status={index === last && item.status === 'rejected' ? 'error' : 'finish'}
            description={
              <>
                <span className="delivery-step-time">{shanghaiText(item.at)}</span>
                <span>{item.actor === 'staff' ? ' 配送专员' : ' 申请人'}</span>
                {item.note ? <span className="delivery-step-note">{item.note}</span> : null}
              </>
            }
          />
        ))}
      </Steps>
    </Panel>
  );
}

function Withdraw({ request }: { request: DeliveryRequestDetail }) {
  const withdraw = useWithdrawDelivery();
  const serverError = withdraw.error instanceof ApiError ? withdraw.error.message : null;
  const handleWithdraw = async () => {
    const confirmed = await Dialog.confirm({
      title: '撤回申请',
      content: `确定撤回「${request.resourceTitle}」的配送申请吗？撤回后不能恢复。`,
      confirmText: '确定撤回',
      cancelText: '再想想',
    });
    if (confirmed) withdraw.mutate(request.id);
  };
  return (
    <>
      <Button
        block
        fill="outline"
        color="danger"
        loading={withdraw.isPending}
        onClick={handleWithdraw}
      >
        撤回申请
      </Button>
      {serverError ? (
        <Callout tone="danger" compact role="alert">
          {serverError}
        </Callout>
      ) : null}
    </>
  );
}

function RateForm({ request }: { request: DeliveryRequestDetail }) {
  const rate = useRateDelivery();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const serverError = rate.error instanceof ApiError ? rate.error.message : null;
  const handleRate = () => {
    if (stars < 1) {
      setProblem('请选择 1 到 5 星');
      return;
    }
    setProblem(null);
    rate.mutate({ requestId: request.id, stars, comment: comment.trim() });
  };
  return (
    <Panel label="评价配送" stack>
      <h2 className="panel-title">评价这次配送</h2>
      <StarPicker value={stars} onChange={setStars} />
      <TextArea
        rows={2}
        value={comment}
        onChange={setComment}
        placeholder="说说这次配送的感受（选填）"
        maxLength={DELIVERY_TEXT_MAX.comment}
      />
      {problem || serverError ? (
        <Callout tone="danger" compact role="alert">
          {problem ?? serverError}
        </Callout>
      ) : null}
      <Button block color="primary" loading={rate.isPending} onClick={handleRate}>
        提交评价
      </Button>
    </Panel>
  );
}

/** What the request asks for and, as it moves on, when and where it is booked or why not. */
function detailsOf(request: DeliveryRequestDetail): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['资源类型', DELIVERY_KIND_LABELS[request.resourceKind]],
    ['申请日期', request.date],
    ['地点', request.address],
    ['人数', `${request.audience} 人`],
    ['单位名称', request.organisation],
    ['联系人', `${request.contactName} ${request.contactPhone}`],
  ];
  if (request.note) rows.push(['备注', request.note]);
  if (request.scheduledAt) rows.push(['排期时间', shanghaiText(request.scheduledAt)]);
  if (request.scheduledPlace) rows.push(['排期地点', request.scheduledPlace]);
  if (request.reason) rows.push(['拒绝原因', request.reason]);
  return rows;
}

/**
 * `/zypsRequest?id=`: a delivery request with its status and history (a timeline); the
 * requester may withdraw it before it is scheduled and rate it once completed; the delivery staff
 * handle it here.
 */
export function DeliveryRequestPage() {
  const detail = useDetailById(deliveryRequestQueryOptions);
  return (
    <DetailPage
      detail={detail}
      missing={{ what: '配送申请', way: { to: paths.delivery, label: '回到资源配送' } }}
    >
      {(request) => (
        <main className="panel-page delivery-page">
          <Panel stack>
            <div className="delivery-request-head">
              <h2 className="detail-title">{request.resourceTitle}</h2>
              <StatusBadge status={request.status} />
            </div>
            <FactRows rows={detailsOf(request)} />
            <Link className="link-button" to={href('deliveryResource', { id: request.resourceId })}>
              查看配送资源
            </Link>
            {request.mine && canMove(request.status, 'withdraw') ? (
              <Withdraw request={request} />
            ) : null}
          </Panel>
          {request.rating !== null ? (
            <Panel label="我的评价" stack>
              <h2 className="panel-title">评价</h2>
              <StarsShown value={request.rating} />
              {request.ratingComment ? <p>{request.ratingComment}</p> : null}
            </Panel>
          ) : request.mine && request.status === 'completed' ? (
            <RateForm request={request} />
          ) : null}
          {request.staff ? <StaffActions request={request} /> : null}
          <History request={request} />
        </main>
      )}
    </DetailPage>
  );
}
