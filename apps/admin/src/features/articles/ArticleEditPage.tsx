import { ArrowLeftOutlined } from '@ant-design/icons';
import type { AdminArticle, AdminArticleFormInput } from '@portal/contract';
import {
  ARTICLE_KIND_NAMES,
  ARTICLE_TITLE_MAX,
  REJECT_REASON_MAX,
} from '@portal/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Modal,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client.ts';
import { useOperator } from '@/app/operator.ts';
import { RecordHistory } from '@/features/audit/RecordHistory.tsx';
import { CoverField } from '@/ui/CoverField.tsx';
import { formatTime } from '@/ui/format.ts';
import { RichTextEditor } from '@/ui/RichTextEditor.tsx';
import { SafeHtml } from '@/ui/SafeHtml.tsx';
import { StatusTag } from '@/ui/StatusTag.tsx';
import {
  articleKeys,
  createArticle,
  getArticle,
  listChannels,
  type ReviewStep,
  rejectArticle,
  stepArticle,
  updateArticle,
} from './api.ts';

const EMPTY: AdminArticleFormInput = {
  channelId: 0,
  title: '',
  summary: '',
  cover: null,
  source: '',
  bodyHtml: '',
  pinned: false,
  notify: false,
};

const formOf = (article: AdminArticle): AdminArticleFormInput => ({
  channelId: article.channelId,
  title: article.title,
  summary: article.summary,
  cover: article.cover,
  source: article.source,
  bodyHtml: article.bodyHtml,
  pinned: article.pinned,
  notify: article.notify,
});

/** The field a server refusal names (`标题：不能为空` → title), to show the message under it. */
const FIELD_OF_LABEL: Record<string, keyof AdminArticleFormInput> = {
  栏目: 'channelId',
  标题: 'title',
  摘要: 'summary',
  封面: 'cover',
  来源: 'source',
  正文: 'bodyHtml',
};

/** What someone else saved while the operator was editing, beside what the operator wrote. */
interface Clash {
  mine: AdminArticleFormInput;
  theirs: AdminArticle;
}

/**
 * One article's form (new or existing) with its review steps: an editor saves and submits, a
 * reviewer approves or refuses with a reason; an edit of a published article is compared with
 * the live version. A save over a newer version shows both and overwrites nothing.
 */
export function ArticleEditPage() {
  const operator = useOperator();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [form] = Form.useForm<AdminArticleFormInput>();
  const [clash, setClash] = useState<Clash | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');

  const article = useQuery({
    queryKey: articleKeys.detail(id ?? 0),
    queryFn: () => getArticle(id ?? 0),
    enabled: id !== null,
  });
  const channels = useQuery({ queryKey: articleKeys.channels, queryFn: listChannels });

  useEffect(() => {
    if (article.data) form.setFieldsValue(formOf(article.data));
  }, [article.data, form]);

  const shown = (fresh: AdminArticle) => {
    queryClient.setQueryData(articleKeys.detail(fresh.id), fresh);
    queryClient.invalidateQueries({ queryKey: ['articles', 'list'] });
    queryClient.invalidateQueries({ queryKey: ['audit'] });
  };

  const failed = async (error: Error, mine?: AdminArticleFormInput) => {
    if (error instanceof ApiError && error.stale && id !== null && mine) {
      setClash({ mine, theirs: await getArticle(id) });
      return;
    }
    const [label = ''] = error.message.split('：');
    const field = FIELD_OF_LABEL[label];
    if (field) form.setFields([{ name: field, errors: [error.message.slice(label.length + 1)] }]);
    message.error(error.message);
  };

  const save = useMutation({
    mutationFn: (values: AdminArticleFormInput & { version?: number }) =>
      id === null
        ? createArticle(values)
        : updateArticle({ ...values, id, version: values.version ?? article.data?.version ?? 0 }),
    onSuccess: (fresh) => {
      shown(fresh);
      form.setFieldsValue(formOf(fresh));
      message.success('已保存');
      if (id === null) navigate(`/articles/edit?id=${fresh.id}`, { replace: true });
    },
    onError: (error, values) => failed(error, values),
  });

  const step = useMutation({
    mutationFn: ({ action }: { action: ReviewStep }) =>
      stepArticle(action, id ?? 0, article.data?.version ?? 0),
    onSuccess: (fresh, { action }) => {
      shown(fresh);
      const done = { submit: '已提交审核', withdraw: '已撤回', approve: '已通过，已发布' };
      message.success(done[action]);
    },
    onError: (error) => failed(error),
  });

  const reject = useMutation({
    mutationFn: () => rejectArticle(id ?? 0, article.data?.version ?? 0, reason.trim()),
    onSuccess: (fresh) => {
      shown(fresh);
      setRejecting(false);
      setReason('');
      message.success('已驳回');
    },
    onError: (error) => failed(error),
  });

  if (id !== null && article.isPending) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  if (id !== null && article.isError) {
    return (
      <Result
        status={article.error instanceof ApiError && article.error.code === 404 ? '404' : 'error'}
        title="文章没有打开"
        subTitle={article.error.message}
        extra={[
          <Button key="retry" onClick={() => article.refetch()}>
            重试
          </Button>,
          <Link key="back" to="/articles">
            <Button type="primary">回到文章列表</Button>
          </Link>,
        ]}
      />
    );
  }

  const data = article.data;
  const waiting = data?.status === 'pending' || data?.edit?.status === 'pending';
  const ownSubmission = waiting && data?.submittedBy === operator.session.userId;
  const canEdit = operator.can('editor');
  const busy = save.isPending || step.isPending || reject.isPending;
  const dirtyNote = data?.edit
    ? '这篇文章已发布：修改保存后不会立即生效，审核通过后才替换线上版本。'
    : null;

  return (
    <Row gutter={24}>
      <Col xs={24} xl={16}>
        <Card
          title={
            <Space>
              <Link to="/articles" aria-label="返回文章列表">
                <ArrowLeftOutlined />
              </Link>
              <h1 style={{ fontSize: 18, margin: 0 }}>{id === null ? '新建文章' : '编辑文章'}</h1>
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
          {dirtyNote && canEdit ? (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} title={dirtyNote} />
          ) : null}
          <Form<AdminArticleFormInput>
            form={form}
            layout="vertical"
            initialValues={EMPTY}
            disabled={!canEdit}
            onFinish={(values) => save.mutate(values)}
            requiredMark="optional"
          >
            <Form.Item
              label="栏目"
              name="channelId"
              rules={[{ required: true, type: 'number', min: 1, message: '请选择栏目' }]}
            >
              <Select
                placeholder="选择栏目"
                loading={channels.isPending}
                options={(channels.data ?? []).map((channel) => ({
                  value: channel.id,
                  label: `${ARTICLE_KIND_NAMES[channel.kind]} · ${channel.name}`,
                }))}
              />
            </Form.Item>
            <Form.Item
              label="标题"
              name="title"
              rules={[
                { required: true, whitespace: true, message: '请填写标题' },
                { max: ARTICLE_TITLE_MAX, message: `最多 ${ARTICLE_TITLE_MAX} 个字` },
              ]}
            >
              <Input showCount maxLength={ARTICLE_TITLE_MAX} />
            </Form.Item>
            <Form.Item label="摘要" name="summary" rules={[{ max: 200, message: '最多 200 个字' }]}>
              <Input.TextArea
                rows={2}
                showCount
                maxLength={200}
                placeholder="列表中标题下的一两句话"
              />
            </Form.Item>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  label="来源"
                  name="source"
                  rules={[{ max: 100, message: '最多 100 个字' }]}
                >
                  <Input placeholder="如：静安区社区学院" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="封面" name="cover">
                  <CoverField />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              label="正文"
              name="bodyHtml"
              rules={[{ required: true, message: '请填写正文' }]}
            >
              <RichTextEditor label="正文" />
            </Form.Item>
            <Space size="large">
              <Form.Item label="置顶" name="pinned" valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item
                label="首次发布时通知本站学员"
                name="notify"
                valuePropName="checked"
                tooltip="审核通过、首次发布时，本站每位学员的“我的消息”里会收到这篇文章"
              >
                <Switch />
              </Form.Item>
            </Space>
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
              <Card title="线上版本（学员现在看到的）">
                <Typography.Title level={5}>{data.live.title}</Typography.Title>
                <SafeHtml className="article-preview" html={data.live.bodyHtml} />
              </Card>
            ) : null}
            {operator.can('reviewer') || operator.can('site_admin') ? (
              <RecordHistory entity="article" entityId={data.id} />
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
              form.setFieldsValue(formOf(clash.theirs));
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
              save.mutate({ ...clash.mine, version: clash.theirs.version });
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
              <Typography.Paragraph strong>{clash.mine.title}</Typography.Paragraph>
              <SafeHtml className="article-preview" html={clash.mine.bodyHtml} />
            </Col>
            <Col span={12}>
              <Typography.Title level={5}>
                最新版本（{clash.theirs.edit?.authorName ?? clash.theirs.authorName ?? '他人'}，
                {formatTime(clash.theirs.updatedAt)}）
              </Typography.Title>
              <Typography.Paragraph strong>{clash.theirs.title}</Typography.Paragraph>
              <SafeHtml className="article-preview" html={clash.theirs.bodyHtml} />
            </Col>
          </Row>
        ) : null}
      </Modal>
    </Row>
  );
}
