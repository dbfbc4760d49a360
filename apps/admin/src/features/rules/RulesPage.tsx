import type {
  AdminMedalRule,
  AdminMedalRuleUpdateBody,
  AdminPointsRule,
  AdminPointsRuleUpdateBody,
  AdminRules,
} from '@portal/contract';
import {
  DAILY_POINTS_MAX,
  MEDAL_DESCRIPTION_MAX,
  MEDAL_METRIC_NAMES,
  MEDAL_METRIC_UNITS,
  MEDAL_THRESHOLD_MAX,
  POINTS_DAILY_CAP_MAX,
  POINTS_PER_UNIT_MAX,
  RULE_DAILY_POINTS_MAX,
  RULE_NAME_MAX,
} from '@portal/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Modal,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ApiError, get, post } from '@/api/client.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';
import { showRefusal } from '@/ui/show-refusal.ts';

/**
 * Saves a rule or a medal from its dialog: the rules answered replace the page's, the audit log
 * is read again; a refusal marks its field, and a stale save reloads the rules to change anew.
 */
function useRuleSave<T>(
  path: string,
  form: FormInstance<T>,
  fieldOfLabel: Record<string, string>,
  done: string,
  onClose: () => void,
) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => post<AdminRules>(path, body),
    onSuccess: (rules) => {
      queryClient.setQueryData(['rules'], rules);
      queryClient.invalidateQueries({ queryKey: ['audit'] });
      message.success(done);
      onClose();
    },
    onError: (error) => {
      showRefusal(error, form, fieldOfLabel, message);
      if (error instanceof ApiError && error.stale) {
        queryClient.invalidateQueries({ queryKey: ['rules'] });
      }
    },
  });
}

/** The points a rule gives a learner at most in a day. */
const dailyMost = (rule: Pick<AdminPointsRule, 'pointsPerUnit' | 'dailyCap'>) =>
  rule.pointsPerUnit * rule.dailyCap;

function PointsRuleDialog({
  rule,
  otherActive,
  onClose,
}: {
  rule: AdminPointsRule;
  /** What the other active rules give at most a day together. */
  otherActive: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AdminPointsRuleUpdateBody>();
  const perUnit = Form.useWatch('pointsPerUnit', form) ?? rule.pointsPerUnit;
  const cap = Form.useWatch('dailyCap', form) ?? rule.dailyCap;
  const active = Form.useWatch('active', form) ?? rule.active;
  const most = perUnit * cap;
  const save = useRuleSave(
    '/api/admin/rules/points/update',
    form,
    { 名称: 'name', 每次积分: 'pointsPerUnit', 每日上限: 'dailyCap' },
    '已保存，此后的积分按新规则计',
    onClose,
  );
  return (
    <Modal
      open
      title={`修改积分规则：${rule.name}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AdminPointsRuleUpdateBody>
        form={form}
        layout="vertical"
        initialValues={rule}
        onFinish={(values) => save.mutate({ ...values, key: rule.key, version: rule.version })}
      >
        <Form.Item
          label="名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
        >
          <Input showCount maxLength={RULE_NAME_MAX} />
        </Form.Item>
        <Space size="large">
          <Form.Item
            label="每次积分"
            name="pointsPerUnit"
            rules={[{ required: true, type: 'number', min: 1, message: '请填写每次积分' }]}
          >
            <InputNumber min={1} max={POINTS_PER_UNIT_MAX} precision={0} suffix="分" />
          </Form.Item>
          <Form.Item
            label="每日上限"
            name="dailyCap"
            rules={[{ required: true, type: 'number', min: 1, message: '请填写每日上限' }]}
          >
            <InputNumber min={1} max={POINTS_DAILY_CAP_MAX} precision={0} suffix={rule.unit} />
          </Form.Item>
          <Form.Item label="启用" name="active" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Alert
          type={
            most > RULE_DAILY_POINTS_MAX || (active && otherActive + most > DAILY_POINTS_MAX)
              ? 'error'
              : 'info'
          }
          showIcon
          title={`这条规则每天最多可得 ${most} 分（单项不超过 ${RULE_DAILY_POINTS_MAX} 分）`}
          description={`启用的规则合计每天最多可得 ${otherActive + (active ? most : 0)} 分（不超过 ${DAILY_POINTS_MAX} 分）。`}
        />
      </Form>
    </Modal>
  );
}

function MedalDialog({ medal, onClose }: { medal: AdminMedalRule; onClose: () => void }) {
  const [form] = Form.useForm<AdminMedalRuleUpdateBody>();
  const unit = MEDAL_METRIC_UNITS[medal.metric];
  const save = useRuleSave(
    '/api/admin/rules/medals/update',
    form,
    { 名称: 'name', 描述: 'description', 门槛: 'threshold' },
    '已保存',
    onClose,
  );
  return (
    <Modal
      open
      title={`修改勋章：${medal.name}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AdminMedalRuleUpdateBody>
        form={form}
        layout="vertical"
        initialValues={medal}
        onFinish={(values) =>
          save.mutate({ ...values, key: medal.key, version: medal.version, metric: medal.metric })
        }
      >
        <Form.Item label="勋章类型">
          <Typography.Text>{MEDAL_METRIC_NAMES[medal.metric]}</Typography.Text>
        </Form.Item>
        <Form.Item
          label="名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
        >
          <Input showCount maxLength={RULE_NAME_MAX} />
        </Form.Item>
        <Form.Item
          label="门槛"
          name="threshold"
          rules={[{ required: true, type: 'number', min: 1, message: '请填写门槛' }]}
          extra="降低门槛后，已达到的学员在下一次学习时获得；提高门槛不收回已获得的勋章。"
        >
          <InputNumber
            min={1}
            max={MEDAL_THRESHOLD_MAX[medal.metric]}
            precision={0}
            suffix={unit}
          />
        </Form.Item>
        <Form.Item
          label="描述"
          name="description"
          rules={[{ required: true, whitespace: true, message: '请填写描述' }]}
          extra="学员看到的获得条件；写了数字就须与门槛一致。"
        >
          <Input showCount maxLength={MEDAL_DESCRIPTION_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 积分与勋章: the network's points rules and medals. Every operator of a site reads them; a
 * 超级管理员 changes them (they hold for every site), each change checked for sense.
 */
export function RulesPage() {
  const rules = useQuery({
    queryKey: ['rules'],
    queryFn: () => get<AdminRules>('/api/admin/rules'),
  });
  const [editingRule, setEditingRule] = useState<AdminPointsRule | null>(null);
  const [editingMedal, setEditingMedal] = useState<AdminMedalRule | null>(null);
  const title = <h1 style={{ fontSize: 18, margin: 0 }}>积分与勋章规则</h1>;
  if (rules.isError) {
    return (
      <Card title={title}>
        <LoadFailed what="积分与勋章规则" error={rules.error} retry={() => rules.refetch()} />
      </Card>
    );
  }
  const data = rules.data;
  const editable = data?.editable ?? false;
  const activeTotal = (data?.points ?? [])
    .filter((rule) => rule.active)
    .reduce((sum, rule) => sum + dailyMost(rule), 0);
  return (
    <Card title={title}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="规则对全网所有站点生效"
        description={
          editable
            ? '修改后，此后的学习按新规则得积分和勋章；已得的积分和勋章不变。每次修改都记入操作日志。'
            : '只有超级管理员可以修改；如需调整，请联系超级管理员。'
        }
      />
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        积分规则
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        启用的规则合计每天最多可得 {activeTotal} 分（上限 {DAILY_POINTS_MAX} 分）。
      </Typography.Paragraph>
      <Table<AdminPointsRule>
        rowKey="key"
        loading={rules.isPending}
        dataSource={data?.points}
        pagination={false}
        columns={[
          { title: '规则', dataIndex: 'name' },
          {
            title: '每次积分',
            dataIndex: 'pointsPerUnit',
            render: (points: number, rule) => `每${rule.unit} ${points} 分`,
          },
          {
            title: '每日上限',
            dataIndex: 'dailyCap',
            render: (cap: number, rule) => `${cap} ${rule.unit}`,
          },
          { title: '每天最多', key: 'most', render: (_, rule) => `${dailyMost(rule)} 分` },
          {
            title: '状态',
            dataIndex: 'active',
            render: (
              active: boolean, // Filled dark green, white text: 4.5:1 (as the console's other tags).
            ) => (active ? <Tag color="#237804">启用</Tag> : <Tag>停用</Tag>),
          },
          ...(editable
            ? [
                {
                  title: '操作',
                  key: 'edit',
                  render: (_: unknown, rule: AdminPointsRule) => (
                    <Button type="link" onClick={() => setEditingRule(rule)}>
                      修改
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
        勋章
      </Typography.Title>
      <Table<AdminMedalRule>
        rowKey="key"
        loading={rules.isPending}
        dataSource={data?.medals}
        pagination={false}
        columns={[
          { title: '勋章', dataIndex: 'name' },
          {
            title: '类型',
            dataIndex: 'metric',
            render: (metric: AdminMedalRule['metric']) => MEDAL_METRIC_NAMES[metric],
          },
          {
            title: '门槛',
            dataIndex: 'threshold',
            render: (threshold: number, medal) =>
              `${threshold} ${MEDAL_METRIC_UNITS[medal.metric]}`,
          },
          { title: '获得条件', dataIndex: 'description' },
          { title: '本站获得人数', dataIndex: 'earned', render: (n: number) => `${n} 人` },
          ...(editable
            ? [
                {
                  title: '操作',
                  key: 'edit',
                  render: (_: unknown, medal: AdminMedalRule) => (
                    <Button type="link" onClick={() => setEditingMedal(medal)}>
                      修改
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editingRule ? (
        <PointsRuleDialog
          rule={editingRule}
          otherActive={activeTotal - (editingRule.active ? dailyMost(editingRule) : 0)}
          onClose={() => setEditingRule(null)}
        />
      ) : null}
      {editingMedal ? (
        <MedalDialog medal={editingMedal} onClose={() => setEditingMedal(null)} />
      ) : null}
    </Card>
  );
}
