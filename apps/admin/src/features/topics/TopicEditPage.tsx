import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { AdminTopicContent, AdminTopicFormInput, AdminTopicRow } from '@portal/contract';
import {
  TOPIC_INTRODUCTION_MAX,
  TOPIC_ITEM_LIMIT_MAX,
  TOPIC_SECTION_ITEMS_MAX,
  TOPIC_SECTION_KIND_NAMES,
  TOPIC_SECTION_KINDS,
  TOPIC_SECTION_NAME_MAX,
  TOPIC_SECTION_TYPES,
  TOPIC_SORT_MAX,
  TOPIC_SUBTITLE_MAX,
  TOPIC_TITLE_MAX,
  type TopicSectionKind,
} from '@portal/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import { get } from '@/api/client.ts';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { reviewApi } from '@/features/review/review-api.ts';
import { BannerField } from './BannerField.tsx';

export const topicApi = reviewApi<AdminTopicFormInput, AdminTopicRow>('/api/admin/topics');

/** The site's content a section of `kind` may show: the chosen ones, then matches of the words. */
const listContent = (kind: TopicSectionKind, words: string, chosen: readonly number[]) =>
  get<AdminTopicContent[]>('/api/admin/topics/content', {
    kind,
    q: words,
    ids: chosen.join(',') || undefined,
  });

type SectionInput = AdminTopicFormInput['sections'][number];

/** A new section of the first kind the topic has none of yet. */
function newSection(taken: readonly (TopicSectionKind | undefined)[]): SectionInput {
  const kind = TOPIC_SECTION_KINDS.find((entry) => !taken.includes(entry)) ?? 'courses';
  return { kind, name: `推荐${TOPIC_SECTION_KIND_NAMES[kind]}`, itemLimit: 4, items: [] };
}

const TOPIC: EditorKind<AdminTopicFormInput> = {
  name: '专题',
  these: '这个专题',
  entity: 'topic',
  listPath: '/topics',
  api: topicApi,
  empty: {
    title: '',
    slug: `${new Date().getFullYear()}/`,
    subtitle: '',
    banner: '',
    introduction: '',
    sort: 0,
    sections: [newSection([])],
  },
  formOf: (topic) => ({
    title: topic.title,
    slug: topic.slug,
    subtitle: topic.subtitle,
    banner: topic.banner,
    introduction: topic.introduction,
    sort: topic.sort,
    sections: topic.sections,
  }),
  fieldOfLabel: {
    专题名称: 'title',
    专题地址: 'slug',
    副标题: 'subtitle',
    横幅图片: 'banner',
    专题简介: 'introduction',
    排序: 'sort',
  },
  preview: (topic) => (
    <>
      <Typography.Paragraph strong>{topic.title}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        /zhuanti/{topic.slug}
        {topic.subtitle ? ` · ${topic.subtitle}` : ''}
      </Typography.Paragraph>
      <ol>
        {(topic.sections ?? []).map((section) => (
          <li key={section.kind}>
            {section.name}（{TOPIC_SECTION_KIND_NAMES[section.kind]}，{section.items.length}{' '}
            项，展示 {section.itemLimit} 项）
          </li>
        ))}
      </ol>
    </>
  ),
};

/** The name of a choice: its title and card line, or that it is no longer shown. */
const optionOf = (content: AdminTopicContent) => ({
  value: content.id,
  label: content.visible
    ? `${content.title}${content.subtitle ? `（${content.subtitle}）` : ''}`
    : `${content.title || `#${content.id}`}（已下线或不属于本站，请移除）`,
});

/**
 * One item's choice: the section's known content (its chosen items and the newest), and what the
 * typed words find on the server.
 */
function ContentSelect({
  kind,
  known,
  value,
  onChange,
  id,
}: {
  kind: TopicSectionKind;
  known: readonly AdminTopicContent[];
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
}) {
  const [words, setWords] = useState('');
  const found = useQuery({
    queryKey: ['topics', 'content', kind, words, []],
    queryFn: () => listContent(kind, words, []),
    enabled: words !== '',
    placeholderData: keepPreviousData,
  });
  const shown = words === '' ? known : [...(found.data ?? []), ...known];
  const options = [...new Map(shown.map((content) => [content.id, content])).values()];
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: (text) => setWords(text.trim()) }}
      placeholder={`输入标题搜索本站已发布的${TOPIC_SECTION_KIND_NAMES[kind]}`}
      value={value || undefined}
      onChange={onChange}
      onBlur={() => setWords('')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? '搜索中…' : '没有找到'}
      options={options.map(optionOf)}
    />
  );
}

/** A section's items in order: each chosen from the site's content, moved up or down, removed. */
function SectionItems({ section }: { section: number }) {
  const form = Form.useFormInstance<AdminTopicFormInput>();
  const kind: TopicSectionKind =
    Form.useWatch(['sections', section, 'kind'], form) ?? TOPIC_SECTION_KINDS[0];
  const items: SectionInput['items'] | undefined = Form.useWatch(
    ['sections', section, 'items'],
    form,
  );
  const chosen = (items ?? []).map((item) => Number(item?.contentId)).filter((id) => id > 0);
  const known = useQuery({
    queryKey: ['topics', 'content', kind, '', chosen],
    queryFn: () => listContent(kind, '', chosen),
    placeholderData: keepPreviousData,
  });
  const kindName = TOPIC_SECTION_KIND_NAMES[kind];
  return (
    <Form.List name={[section, 'items']}>
      {(fields, { add, remove, move }) => (
        <>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="start">
              <Form.Item name={[field.name, 'contentType']} hidden>
                <Input />
              </Form.Item>
              <Form.Item
                label={`第 ${index + 1} 项`}
                layout="horizontal"
                name={[field.name, 'contentId']}
                rules={[{ required: true, type: 'number', min: 1, message: `请选择${kindName}` }]}
                style={{ flex: 1, marginBottom: 12 }}
              >
                <ContentSelect kind={kind} known={known.data ?? []} />
              </Form.Item>
              <Button
                icon={<ArrowUpOutlined />}
                aria-label={`第 ${index + 1} 项上移`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              />
              <Button
                icon={<ArrowDownOutlined />}
                aria-label={`第 ${index + 1} 项下移`}
                disabled={index === fields.length - 1}
                onClick={() => move(index, index + 1)}
              />
              <Button
                danger
                icon={<DeleteOutlined />}
                aria-label={`移除第 ${index + 1} 项`}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= TOPIC_SECTION_ITEMS_MAX}
            onClick={() => add({ contentType: TOPIC_SECTION_TYPES[kind], contentId: 0 })}
          >
            添加{kindName}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** One section: its kind (one of each), name and item limit, and its items. */
function SectionFields({
  section,
  index,
  count,
  move,
  remove,
}: {
  section: number;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: () => void;
}) {
  const form = Form.useFormInstance<AdminTopicFormInput>();
  const sections: SectionInput[] | undefined = Form.useWatch('sections', form);
  const taken = (sections ?? []).filter((_, other) => other !== index).map((entry) => entry?.kind);
  return (
    <Card
      size="small"
      style={{ marginBottom: 16, background: '#fafafa' }}
      title={`栏目 ${index + 1}`}
      extra={
        <Space size={4}>
          <Button
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={`栏目 ${index + 1} 上移`}
            disabled={index === 0}
            onClick={() => move(index, index - 1)}
          />
          <Button
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={`栏目 ${index + 1} 下移`}
            disabled={index === count - 1}
            onClick={() => move(index, index + 1)}
          />
          <Button type="text" danger icon={<DeleteOutlined />} onClick={remove}>
            删除栏目
          </Button>
        </Space>
      }
    >
      <Form.Item name={[section, 'id']} hidden>
        <Input />
      </Form.Item>
      <Row gutter={12}>
        <Col span={6}>
          <Form.Item
            label="栏目类型"
            name={[section, 'kind']}
            rules={[{ required: true, message: '请选择栏目类型' }]}
            extra="换类型会清空已选内容"
          >
            <Select
              options={TOPIC_SECTION_KINDS.map((kind) => ({
                value: kind,
                label: TOPIC_SECTION_KIND_NAMES[kind],
                disabled: taken.includes(kind),
              }))}
              onChange={() => form.setFieldValue(['sections', section, 'items'], [])}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="栏目名称"
            name={[section, 'name']}
            rules={[{ required: true, whitespace: true, message: '请填写栏目名称' }]}
          >
            <Input maxLength={TOPIC_SECTION_NAME_MAX} placeholder="如 精品课程" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            label="展示数量"
            name={[section, 'itemLimit']}
            rules={[{ required: true, message: '请填写展示数量' }]}
            extra="专题页展示的项数，其余在“更多”中"
          >
            <InputNumber min={1} max={TOPIC_ITEM_LIMIT_MAX} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <SectionItems section={section} />
    </Card>
  );
}

/** The topic's sections in order, each moved up or down, removed, or added (one of each kind). */
function SectionList() {
  const form = Form.useFormInstance<AdminTopicFormInput>();
  return (
    <Form.List name="sections">
      {(sections, { add, remove, move }) => (
        <>
          {sections.map((section, index) => (
            <SectionFields
              key={section.key}
              section={section.name}
              index={index}
              count={sections.length}
              move={move}
              remove={() => remove(section.name)}
            />
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginBottom: 16 }}
            disabled={sections.length >= TOPIC_SECTION_KINDS.length}
            onClick={() => {
              const current: SectionInput[] = form.getFieldValue('sections') ?? [];
              add(newSection(current.map((entry) => entry?.kind)));
            }}
          >
            添加栏目（课程、活动、电子书各一个）
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** One topic's form (its sections and their content in order), in review before publication. */
export function TopicEditPage() {
  return (
    <ReviewEditor kind={TOPIC}>
      <Form.Item
        label="专题名称"
        name="title"
        rules={[{ required: true, whitespace: true, message: '请填写专题名称' }]}
      >
        <Input showCount maxLength={TOPIC_TITLE_MAX} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="专题地址"
            name="slug"
            extra="学员端地址 /zhuanti/年份/英文名，本站唯一"
            rules={[
              { required: true, message: '请填写专题地址' },
              {
                pattern: /^\d{4}\/[a-z0-9-]{1,40}$/,
                message: '须为“年份/英文名”，如 2024/jtjy（小写字母、数字或连字符）',
              },
            ]}
          >
            <Input addonBefore="/zhuanti/" placeholder="2024/jtjy" maxLength={45} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="排序" name="sort" extra="数字小的排在前面（首页专题横幅也按此顺序）">
            <InputNumber min={0} max={TOPIC_SORT_MAX} style={{ width: 160 }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="副标题" name="subtitle">
        <Input maxLength={TOPIC_SUBTITLE_MAX} placeholder="如 2024年家庭教育专题" />
      </Form.Item>
      <Form.Item
        label="横幅图片"
        name="banner"
        rules={[{ required: true, message: '请上传横幅图片' }]}
      >
        <BannerField />
      </Form.Item>
      <Form.Item label="专题简介" name="introduction">
        <Input.TextArea rows={4} showCount maxLength={TOPIC_INTRODUCTION_MAX} />
      </Form.Item>
      <Typography.Title level={5}>栏目与内容</Typography.Title>
      <SectionList />
    </ReviewEditor>
  );
}
