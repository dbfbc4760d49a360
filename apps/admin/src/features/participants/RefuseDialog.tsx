import type { Participant } from '@portal/contract';
import { CANCEL_REASON_MAX } from '@portal/contract/constants';
import { Form, Modal, Typography } from 'antd';
import { ApiError } from '@/api/client.ts';
import { ReasonField } from '@/ui/ReasonField.tsx';
import type { useReview } from './use-review.ts';

/** The learners a refusal takes: one row's, or those chosen for a bulk refusal. */
export type Refusal = { rows: Participant[]; bulk: boolean };

/** The dialog's title: whom it refuses, or takes off the waiting list. */
function titleOf({ rows, bulk }: Refusal) {
  const [first] = rows;
  if (bulk || !first) return `不通过所选的 ${rows.length} 位学员`;
  return first.status === 'waiting'
    ? `将「${first.nickname}」移出候补`
    : `不通过「${first.nickname}」的报名`;
}

/**
 * Asks why before refusing sign-ups (未通过) or taking learners off the waiting list; the reason
 * is sent to each of them. A refusal of the server shows on the reason, or closes the dialog when
 * the list changed meanwhile (the list is then read again).
 */
export function RefuseDialog({
  refusal,
  review,
  onClose,
  onDone,
}: {
  refusal: Refusal | null;
  review: ReturnType<typeof useReview>;
  onClose: () => void;
  /** After the refusal took. */
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const close = () => {
    form.resetFields();
    onClose();
  };
  const holdsSeats = refusal?.rows.some((row) => row.status === 'pending') ?? false;
  return (
    <Modal
      open={refusal !== null}
      title={refusal ? titleOf(refusal) : ''}
      okText={
        refusal && !refusal.bulk && refusal.rows[0]?.status === 'waiting' ? '移出候补' : '不通过'
      }
      okButtonProps={{ danger: true, loading: review.isPending }}
      cancelText="返回"
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {holdsSeats
          ? '不通过后名额立即释放，按顺序递补给候补名单的第一位；'
          : '学员将移出候补名单；'}
        原因会以消息告知学员，并记入操作日志。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ reason }) =>
          review.mutate(
            {
              userIds: refusal?.rows.map((row) => row.userId) ?? [],
              decision: 'refuse',
              reason: reason.trim(),
            },
            {
              onSuccess: () => {
                close();
                onDone();
              },
              onError: (error) => {
                if (error instanceof ApiError && error.stale) close();
                else form.setFields([{ name: 'reason', errors: [error.message] }]);
              },
            },
          )
        }
      >
        <ReasonField
          what="不通过"
          max={CANCEL_REASON_MAX}
          placeholder="例如：本期名额优先面向本街道居民，欢迎报名下一期"
        />
      </Form>
    </Modal>
  );
}
