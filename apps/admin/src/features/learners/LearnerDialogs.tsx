import type { LearnerDetail } from '@portal/contract';
import { LEARNER_NOTE_MAX, POINTS_ADJUSTMENT_MAX } from '@portal/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { ReasonField } from '@/ui/ReasonField.tsx';
import { showRefusal } from '@/ui/show-refusal.ts';
import { adjustLearnerPoints, disableLearner } from './api.ts';
import {
  ADJUST_DIRECTION_NAMES,
  type AdjustDirection,
  type AdjustmentForm,
  adjustmentBody,
  balanceAfter,
  newAdjustmentKey,
  pointsProblem,
} from './learner-forms.ts';
import { useRefreshLearners } from './use-refresh-learners.ts';

type Learner = LearnerDetail['learner'];

/** A form rule from one of the dialog's checks (an answer of undefined passes). */
const ruleOf = (problem: (value: unknown) => string | undefined) => ({
  validator: (_: unknown, value: unknown) => {
    const found = problem(value);
    return found ? Promise.reject(new Error(found)) : Promise.resolve();
  },
});

/**
 * Asks why before stopping a learner's account on the site: they are signed out on every device
 * and cannot sign in on the site until it is started again (启用). Shown while mounted.
 */
export function DisableDialog({ learner, onClose }: { learner: Learner; onClose: () => void }) {
  const { message } = App.useApp();
  const refresh = useRefreshLearners();
  const [form] = Form.useForm<{ reason: string }>();
  const disable = useMutation({
    mutationFn: (reason: string) => disableLearner({ id: learner.id, reason }),
    onSuccess: () => {
      message.success(`已停用「${learner.nickname}」的账号，其所有设备已退出登录`);
      onClose();
      return refresh();
    },
    onError: (error) => showRefusal(error, form, { 原因: 'reason' }, message, 'reason'),
  });
  return (
    <Modal
      open
      title={`停用「${learner.nickname}」的账号`}
      okText="停用"
      okButtonProps={{ danger: true, loading: disable.isPending }}
      cancelText="不停用"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        停用后，学员在所有设备上立即退出登录，并且无法再登录本站，直到重新启用。学员的学习记录、报名和积分都会保留。
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        停用原因会在学员登录时告知本人，并记入操作日志。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ reason }) => disable.mutate(reason.trim())}
      >
        <ReasonField
          what="停用"
          max={LEARNER_NOTE_MAX}
          placeholder="例如：多次冒用他人身份报名活动"
        />
      </Form>
    </Modal>
  );
}

/**
 * Adds points to a learner's balance on the site or takes them away, with a reason their ledger
 * shows. One key per opening of the dialog: a double submit is one adjustment. A balance that
 * would go below zero is the server's to refuse (it holds the balance as it is now); its answer
 * shows on the points. Shown while mounted.
 */
export function PointsDialog({ learner, onClose }: { learner: Learner; onClose: () => void }) {
  const { message } = App.useApp();
  const refresh = useRefreshLearners();
  const [form] = Form.useForm<AdjustmentForm>();
  const [key] = useState(newAdjustmentKey);
  const direction = Form.useWatch('direction', form) ?? 'add';
  const points = Form.useWatch('points', form);
  const adjust = useMutation({
    mutationFn: (values: AdjustmentForm) =>
      adjustLearnerPoints(adjustmentBody(learner.id, values, key)),
    onSuccess: (result, values) => {
      message.success(
        result.applied
          ? `已为「${learner.nickname}」${ADJUST_DIRECTION_NAMES[values.direction]} ${values.points} 积分，当前余额 ${result.balance} 分`
          : `这次调整已经提交过，没有重复调整；当前余额 ${result.balance} 分`,
      );
      onClose();
      return refresh();
    },
    onError: (error) =>
      showRefusal(error, form, { 调整积分: 'points', 原因: 'reason' }, message, 'points'),
  });
  const valid = pointsProblem(direction, points) === undefined && typeof points === 'number';
  const after = valid ? balanceAfter(learner.points, direction, points) : null;
  return (
    <Modal
      open
      title={`调整「${learner.nickname}」的积分`}
      okText="确认调整"
      okButtonProps={{ loading: adjust.isPending }}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        当前积分：<Typography.Text strong>{learner.points} 分</Typography.Text>
        。调整会作为一条「积分调整」记入学员的积分明细（学员可以看到原因），并记入操作日志。
      </Typography.Paragraph>
      <Form<AdjustmentForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ direction: 'add' }}
        onFinish={(values) => adjust.mutate(values)}
      >
        <Form.Item name="direction" label="调整方式">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            aria-label="调整方式"
            options={(['add', 'deduct'] as const).map((value) => ({
              value,
              label: ADJUST_DIRECTION_NAMES[value],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="points"
          label={`${ADJUST_DIRECTION_NAMES[direction]}积分`}
          dependencies={['direction']}
          rules={[
            ruleOf((value) =>
              pointsProblem(form.getFieldValue('direction') as AdjustDirection, value as number),
            ),
          ]}
          // Below zero is the server's to refuse (with the balance it holds now).
          extra={
            after === null || after < 0
              ? `每次 1 到 ${POINTS_ADJUSTMENT_MAX} 分`
              : `调整后余额 ${after} 分`
          }
        >
          <InputNumber min={1} max={POINTS_ADJUSTMENT_MAX} precision={0} suffix="分" />
        </Form.Item>
        <ReasonField
          what="调整"
          max={LEARNER_NOTE_MAX}
          placeholder="例如：线下活动签到未同步，补发积分"
        />
      </Form>
    </Modal>
  );
}
