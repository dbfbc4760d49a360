import { ArrowLeftOutlined } from '@ant-design/icons';
import { type AuditEntity, REJECT_REASON_MAX } from '@portal/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Modal,
  Result,
  Row,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client.ts';
import { useOperator } from '@/app/operator.ts';
import { RecordHistory } from '@/features/audit/RecordHistory.tsx';
import { formatTime } from '@/ui/format.ts';
import { StatusTag } from '@/ui/StatusTag.tsx';
import { showRefusal } from '@/ui/show-refusal.ts';
import type { ReviewApi, Reviewed, ReviewStep } from './review-api.ts';

/** One reviewed kind as its form page shows it. */
export interface EditorKind<Form extends object> {
  /** `文章`, `课程`. */
  name: string;
  /** Its measure word in notes: `这篇文章`, `这门课程`. */
  these: string;
  entity: AuditEntity;
  /** The list page (`/articles`) and the key of its queries. */
  listPath: string;
  api: ReviewApi<Form, unknown>;
  /** A new record's form. */
  empty: Form;
  /** The form of a detail (its review fields left out). */
  formOf: (detail: Form & Reviewed<Form>) => Form;
  /** The form field a refusal's label names (`标题` → `title`). */
  fieldOfLabel: Record<string, string>;
  /** The live version (or a version in the clash dialog) as a reviewer compares it. */
  preview: (form: Form) => ReactNode;
}

/** What someone else saved while the operator was editing, beside what the operator wrote. */
interface Clash<Form> {
  mine: Form;
  theirs: Form & Reviewed<Form>;
}

/**
 * One record's form (new or existing) with its review steps, the same for every kind: an
 * editor saves and submits, a reviewer approves or refuses with a reason; an edit of a published
 * record is compared with the live version; a save over a newer version shows both and
 * overwrites nothing. `children` are the kind's fields.
 */
export function ReviewEditor<Form extends object>({
  kind,
  children,
}: {
  kind: EditorKind<Form>;
  children: ReactNode;
}) {
  const operator = useOperator();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [form] = Form.useForm<Form>();
  const [clash, setClash] = useState<Clash<Form> | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [publishAt, setPublishAt] = useState<Dayjs | null>(null);
  const [reason, setReason] = useState('');
  const key = kind.listPath.slice(1);

  const record = useQuery({
    queryKey: [key, 'detail', id ?? 0],
    queryFn: () => kind.api.detail(id ?? 0),
    enabled: id !== null,
  });

  useEffect(() => {
    // biome-ignore lint/suspicious/noExplicitAny: antd's setFieldsValue takes the form's partial
    if (record.data) form.setFieldsValue(kind.formOf(record.data) as any);
  }, [record.data, form, kind]);

  const shown = (fresh: Form & Reviewed<Form>) => {
    queryClient.setQueryData([key, 'detail', fresh.id], fresh);
    queryClient.invalidateQueries({ queryKey: [key, 'list'] });
    queryClient.invalidateQueries({ queryKey: ['audit'] });
  };

  const failed = async (error: Error, mine?: Form) => {
    if (error instanceof ApiError && error.stale && id !== null && mine) {
      setClash({ mine, theirs: await kind.api.detail(id) });
      return;
    }
    showRefusal(error, form, kind.fieldOfLabel, message);
  };

  const save = useMutation({
    mutationFn: ({ values, version }: { values: Form; version?: number }) =>
      id === null
        ? kind.api.create(values)
        : kind.api.update(values, id, version ?? record.data?.version ?? 0),
    onSuccess: (fresh) => {
      shown(fresh);
      // biome-ignore lint/suspicious/noExplicitAny: antd's setFieldsValue takes the form's partial
      form.setFieldsValue(kind.formOf(fresh) as any);
      message.success('已保存');
      if (id === null) navigate(`${kind.listPath}/edit?id=${fresh.id}`, { replace: true });
    },
    onError: (error, { values }) => failed(error, values),
  });

  const step = useMutation({
    mutationFn: ({ action }: { action: ReviewStep }) =>
      kind.api.step(action, id ?? 0, record.data?.version ?? 0),
    onSuccess: (fresh, { action }) => {
      shown(fresh);
      const done = { submit: '已提交审核', withdraw: '已撤回', approve: '已通过，已发布' };
      message.success(done[action]);
    },
    onError: (error) => failed(error),
  });

  const reject = useMutation({
    mutationFn: () => kind.api.reject(id ?? 0, record.data?.version ?? 0, reason.trim()),
    onSuccess: (fresh) => {
      shown(fresh);
      setRejecting(false);
      setReason('');
      message.success('已驳回');
    },
    onError: (error) => failed(error),
  });

  const timing = useMutation({
    mutationFn: (at: Dayjs | null) =>
      at
        ? kind.api.schedule(id ?? 0, record.data?.version ?? 0, at.toISOString())
        : kind.api.unschedule(id ?? 0, record.data?.version ?? 0),
    onSuccess: (fresh, at) => {
      shown(fresh);
      setScheduling(false);
      message.success(
        at ? `已定时：${formatTime(fresh.schedule?.publishAt ?? null)} 发布` : '已取消定时',
      );
    },
    onError: (error) => failed(error),
  });

  if (id !== null && record.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  if (id !== null && record.isError) {
    return (
      <Result
        status={record.error instanceof ApiError && record.error.code === 404 ? '404' : 'error'}
        title={`${kind.name}没有打开`}
        subTitle={record.error.message}
        extra={[
          <Button key="retry" onClick={() => record.refetch()}>
            重试
          </Button>,
          <Link key="back" to={kind.listPath}>
            <Button type="primary">回到{kind.name}列表</Button>
          </Link>,
        ]}
      />
    );
  }

  const data = record.data;
  const waiting = data?.status === 'pending' || data?.edit?.status === 'pending';
  const ownSubmission = waiting && data?.submittedBy === operator.session.userId;
  const canEdit = operator.can('editor');
  const busy = save.isPending || step.isPending || reject.isPending || timing.isPending;

  return (
    <Row gutter={24}>
      <Col xs={24} xl={16}>
        <Card
          title={
            <Space>
              <Link to={kind.listPath} aria-label={`返回${kind.name}列表`}>
                <ArrowLeftOutlined />
              </Link>
              <h1 style={{ fontSize: 18, margin: 0 }}>
                {id === null ? `新建${kind.name}` : `编辑${kind.name}`}
              </h1>
              {data ? <StatusTag status={data.status} edit={data.edit?.status} /> : null}
            </Space>
          }
        >
          {data?.note && (data.status === 'rejected' || data.edit?.status === 'rejected') ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title="审核未通过"
              description={`理由：${data.note}。修改后再次提交审核。`}
            />
          ) : null}
          {data?.edit && canEdit ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={`${kind.these}已发布：修改保存后不会立即生效，审核通过后才替换线上版本。`}
            />
          ) : null}
          <Form<Form>
            form={form}
            layout="vertical"
            // biome-ignore lint/suspicious/noExplicitAny: antd's initialValues take the form's partial
            initialValues={kind.empty as any}
            disabled={!canEdit}
            onFinish={(values) => save.mutate({ values })}
            requiredMark="optional"
          >
            {children}
            {canEdit ? (
              <Space style={{ borderTop: '1px solid #f0f0f0', paddingTop: 16, width: '100%' }}>
                <Button type="primary" htmlType="submit" loading={save.isPending} disabled={busy}>
                  保存
                </Button>
                {data && !waiting ? (
                  <Button
                    disabled={busy}
                    loading={step.isPending && step.variables?.action === 'submit'}
                    onClick={() => step.mutate({ action: 'submit' })}
                  >
                    提交审核
                  </Button>
                ) : null}
                {data && waiting ? (
                  <Button
                    disabled={busy}
                    onClick={() => step.mutate({ action: 'withdraw' })}
                    loading={step.isPending && step.variables?.action === 'withdraw'}
                  >
                    撤回审核
                  </Button>
                ) : null}
              </Space>
            ) : null}
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        {data ? (
          <Space orientation="vertical" style={{ width: '100%' }} size={16}>
            <Card title="审核">
              <Descriptions column={1} size="small">
                <Descriptions.Item label="作者">{data.authorName ?? '导入'}</Descriptions.Item>
                <Descriptions.Item label="最后修改">{formatTime(data.updatedAt)}</Descriptions.Item>
                <Descriptions.Item label="发布时间">
                  {formatTime(data.publishedAt)}
                </Descriptions.Item>
                <Descriptions.Item label="版本">{data.version}</Descriptions.Item>
              </Descriptions>
              {data.schedule ? (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 12 }}
                  title={`定时发布：${formatTime(data.schedule.publishAt)}`}
                  description={`由 ${data.schedule.reviewerName} 审核通过，到时自动发布；内容再有改动会取消定时。`}
                  action={
                    operator.can('reviewer') ? (
                      <Button size="small" disabled={busy} onClick={() => timing.mutate(null)}>
                        取消定时
                      </Button>
                    ) : null
                  }
                />
              ) : null}
              {operator.can('reviewer') && waiting ? (
                ownSubmission ? (
                  <Alert type="warning" showIcon title="这是你提交的内容，需由另一位审核员审核。" />
                ) : (
                  <Space>
                    <Button
                      type="primary"
                      disabled={busy}
                      loading={step.isPending && step.variables?.action === 'approve'}
                      onClick={() => step.mutate({ action: 'approve' })}
                    >
                      {data.edit ? '通过修改' : '通过并发布'}
                    </Button>
                    <Button
                      disabled={busy}
                      onClick={() => {
                        setPublishAt(null);
                        setScheduling(true);
                      }}
                    >
                      定时发布
                    </Button>
                    <Button danger disabled={busy} onClick={() => setRejecting(true)}>
                      驳回
                    </Button>
                  </Space>
                )
              ) : (
                <Typography.Text type="secondary">
                  {waiting ? '等待审核员审核。' : '没有等待审核的内容。'}
                </Typography.Text>
              )}
            </Card>
            {data.live ? (
              <Card title="线上版本（学员现在看到的）">{kind.preview(data.live)}</Card>
            ) : null}
            {operator.can('reviewer') || operator.can('site_admin') ? (
              <RecordHistory entity={kind.entity} entityId={data.id} />
            ) : null}
          </Space>
        ) : null}
      </Col>
      <Modal
        open={rejecting}
        title="驳回理由"
        okText="驳回"
        cancelText="取消"
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: reject.isPending }}
        onOk={() => reject.mutate()}
        onCancel={() => setRejecting(false)}
      >
        <Input.TextArea
          aria-label="驳回理由"
          rows={4}
          maxLength={REJECT_REASON_MAX}
          showCount
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="告诉编辑需要怎样修改"
        />
      </Modal>
      <Modal
        open={scheduling}
        title="定时发布"
        okText="确定定时"
        cancelText="取消"
        okButtonProps={{ disabled: publishAt === null, loading: timing.isPending }}
        onOk={() => timing.mutate(publishAt)}
        onCancel={() => setScheduling(false)}
      >
        <Typography.Paragraph>
          审核通过，到所选时间自动发布（一年之内）。在此之前，学员看不到
          {data?.edit ? '这次修改' : kind.these}。
        </Typography.Paragraph>
        <DatePicker
          aria-label="发布时间"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={publishAt}
          onChange={setPublishAt}
          disabledDate={(day) =>
            day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(1, 'year'))
          }
          style={{ width: 240 }}
        />
      </Modal>
      <Modal
        open={clash !== null}
        width={960}
        title="已被他人修改，请刷新后再改"
        onCancel={() => setClash(null)}
        footer={[
          <Button key="cancel" onClick={() => setClash(null)}>
            先不处理
          </Button>,
          <Button
            key="theirs"
            onClick={() => {
              if (!clash) return;
              shown(clash.theirs);
              // biome-ignore lint/suspicious/noExplicitAny: antd's setFieldsValue takes the form's partial
              form.setFieldsValue(kind.formOf(clash.theirs) as any);
              setClash(null);
            }}
          >
            放弃我的修改，载入最新版本
          </Button>,
          <Button
            key="mine"
            type="primary"
            onClick={() => {
              if (!clash) return;
              shown(clash.theirs);
              save.mutate({ values: clash.mine, version: clash.theirs.version });
              setClash(null);
            }}
          >
            用我的内容覆盖最新版本
          </Button>,
        ]}
      >
        {clash ? (
          <Row gutter={16}>
            <Col span={12}>
              <Typography.Title level={5}>我的修改</Typography.Title>
              {kind.preview(clash.mine)}
            </Col>
            <Col span={12}>
              <Typography.Title level={5}>
                最新版本（{clash.theirs.edit?.authorName ?? clash.theirs.authorName ?? '他人'}，
                {formatTime(clash.theirs.updatedAt)}）
              </Typography.Title>
              {kind.preview(kind.formOf(clash.theirs))}
            </Col>
          </Row>
        ) : null}
      </Modal>
    </Row>
  );
}
