import type { DeliveryDecideBody, DeliveryRequestDetail } from '@portal/contract';
import { DELIVERY_TEXT_MAX } from '@portal/contract/constants';
import { Button, DatePicker, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '@/platform/request.ts';
import { Callout } from '@/ui/callout.tsx';
import { Panel } from '@/ui/panel.tsx';
import '@/ui/signup-fields.css';
import { useDecideDelivery } from '../api/delivery.ts';
import { dateOfDay, minuteOf } from '../lib/dates.ts';

/**
 * What the delivery staff can do to a request in its status: 受理 or 拒绝 (with a reason) a
 * submitted one, 排期 (confirming the time and place) or 拒绝 an accepted one, 标记完成 a
 * scheduled one. The server's refusal shows under the buttons.
 */
export function StaffActions({ request }: { request: DeliveryRequestDetail }) {
  const decide = useDecideDelivery();
  const [when, setWhen] = useState(() => dateOfDay(request.date, 9));
  const [picking, setPicking] = useState(false);
  const [place, setPlace] = useState(request.address);
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const { status } = request;
  const send = (body: Omit<DeliveryDecideBody, 'requestId'>) =>
    decide.mutate({ requestId: request.id, ...body });
  const serverError = decide.error instanceof ApiError ? decide.error.message : null;
  if (status !== 'submitted' && status !== 'accepted' && status !== 'scheduled') return null;

  return (
    <Panel title="配送处理" stack>
      {status === 'submitted' ? (
        <Button
          color="primary"
          block
          loading={decide.isPending}
          onClick={() => send({ action: 'accept' })}
        >
          受理申请
        </Button>
      ) : null}
      {status === 'accepted' ? (
        <>
          <fieldset className="signup-field">
            <legend>排期时间</legend>
            <button
              type="button"
              className="delivery-picked-button"
              onClick={() => setPicking(true)}
            >
              {minuteOf(when)}
            </button>
          </fieldset>
          <DatePicker
            visible={picking}
            onClose={() => setPicking(false)}
            precision="minute"
            value={when}
            min={new Date()}
            title="选择排期时间"
            onConfirm={(value) => setWhen(value)}
          />
          <div className="signup-field">
            <label htmlFor="delivery-place">排期地点</label>
            <input
              id="delivery-place"
              value={place}
              onChange={(event) => setPlace(event.target.value)}
              maxLength={DELIVERY_TEXT_MAX.place}
            />
          </div>
          <Button
            color="primary"
            block
            loading={decide.isPending}
            onClick={() =>
              send({ action: 'schedule', scheduledAt: minuteOf(when), place: place.trim() })
            }
          >
            确认排期
          </Button>
        </>
      ) : null}
      {status === 'scheduled' ? (
        <Button
          color="primary"
          block
          loading={decide.isPending}
          onClick={() => send({ action: 'complete' })}
        >
          标记已完成
        </Button>
      ) : null}
      {status !== 'scheduled' ? (
        rejecting ? (
          <>
            <div className="signup-field">
              <label htmlFor="delivery-reason">拒绝原因</label>
              <TextArea
                id="delivery-reason"
                rows={2}
                value={reason}
                onChange={setReason}
                maxLength={DELIVERY_TEXT_MAX.reason}
                placeholder="告诉申请人为什么不能配送"
              />
            </div>
            <Button
              color="danger"
              block
              loading={decide.isPending}
              onClick={() => send({ action: 'reject', reason: reason.trim() })}
            >
              确认拒绝
            </Button>
          </>
        ) : (
          <Button block fill="outline" color="danger" onClick={() => setRejecting(true)}>
            拒绝申请
          </Button>
        )
      ) : null}
      {serverError ? (
        <Callout tone="danger" compact role="alert">
          {serverError}
        </Callout>
      ) : null}
    </Panel>
  );
}
