import type { AdminArticleFormInput, AdminArticleRow } from '@portal/contract';
import { ARTICLE_KIND_NAMES, ARTICLE_TITLE_MAX } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select, Space, Switch, Typography } from 'antd';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { reviewApi } from '@/features/review/review-api.ts';
import { CoverField } from '@/ui/CoverField.tsx';
import { RichTextEditor } from '@/ui/RichTextEditor.tsx';
import { SafeHtml } from '@/ui/SafeHtml.tsx';
import { articleKeys, listChannels } from './api.ts';

export const articleApi = reviewApi<AdminArticleFormInput, AdminArticleRow>('/api/admin/articles');

const ARTICLE: EditorKind<AdminArticleFormInput> = {
  name: '文章',
  these: '这篇文章',
  entity: 'article',
  listPath: '/articles',
  api: articleApi,
  empty: {
    channelId: undefined,
    title: '',
    summary: '',
    cover: null,
    source: '',
    bodyHtml: '',
    pinned: false,
    notify: false,
  },
  formOf: (article) => ({
    channelId: article.channelId,
    title: article.title,
    summary: article.summary,
    cover: article.cover,
    source: article.source,
    bodyHtml: article.bodyHtml,
    pinned: article.pinned,
    notify: article.notify,
  }),
  fieldOfLabel: {
    栏目: 'channelId',
    标题: 'title',
    摘要: 'summary',
    封面: 'cover',
    来源: 'source',
    正文: 'bodyHtml',
  },
  preview: (article) => (
    <>
      <Typography.Paragraph strong>{article.title}</Typography.Paragraph>
      <SafeHtml className="article-preview" html={article.bodyHtml} />
    </>
  ),
};

/** One article's form, in review before publication (see {@link ReviewEditor}). */
export function ArticleEditPage() {
  const channels = useQuery({ queryKey: articleKeys.channels, queryFn: listChannels });
  return (
    <ReviewEditor kind={ARTICLE}>
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
        <Input.TextArea rows={2} showCount maxLength={200} placeholder="列表中标题下的一两句话" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="来源" name="source" rules={[{ max: 100, message: '最多 100 个字' }]}>
            <Input placeholder="如：静安区社区学院" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="封面" name="cover">
            <CoverField />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="正文" name="bodyHtml" rules={[{ required: true, message: '请填写正文' }]}>
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
    </ReviewEditor>
  );
}
