import type { AdminDeliveryFormInput } from '@portal/contract';
import {
  DELIVERY_AUDIENCE_MAX,
  DELIVERY_KIND_LABELS,
  DELIVERY_KINDS,
  DELIVERY_LEAD_DAYS_MAX,
  DELIVERY_LECTURER_NAME_MAX,
  DELIVERY_LECTURER_TITLE_MAX,
  DELIVERY_LECTURER_TOPIC_MAX,
  DELIVERY_LECTURER_TOPICS_MAX,
  DELIVERY_NEEDS_MAX,
  DELIVERY_TAG_MAX,
  DELIVERY_TAGS_MAX,
  DELIVERY_TITLE_MAX,
  pictureSources,
} from '@portal/contract/constants';
import { Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { CoverField } from '@/ui/CoverField.tsx';
import { RichTextEditor } from '@/ui/RichTextEditor.tsx';
import { deliveryApi } from './delivery-api.ts';

const DELIVERY: EditorKind<AdminDeliveryFormInput> = {
  name: '配送资源',
  these: '这项配送资源',
  entity: 'delivery',
  listPath: '/delivery',
  api: deliveryApi,
  empty: {
    kind: 'lecturer',
    title: '',
    introductionHtml: '',
    cover: null,
    tags: [],
    audienceMin: 10,
    audienceMax: 50,
    room: '',
    equipment: '',
    leadDays: 7,
    lecturerName: '',
    lecturerTitle: '',
    lecturerTopics: [],
  },
  formOf: (resource) => ({
    kind: resource.kind,
    title: resource.title,
    introductionHtml: resource.introductionHtml,
    cover: resource.cover,
    tags: resource.tags,
    audienceMin: resource.audienceMin,
    audienceMax: resource.audienceMax,
    room: resource.room,
    equipment: resource.equipment,
    leadDays: resource.leadDays,
    lecturerName: resource.lecturerName,
    lecturerTitle: resource.lecturerTitle,
    lecturerTopics: resource.lecturerTopics,
  }),
  fieldOfLabel: {
    资源类型: 'kind',
    资源名称: 'title',
    资源介绍: 'introductionHtml',
    封面: 'cover',
    标签: 'tags',
    最少人数: 'audienceMin',
    最多人数: 'audienceMax',
    场地要求: 'room',
    设备要求: 'equipment',
    提前预约天数: 'leadDays',
    讲师姓名: 'lecturerName',
    讲师头衔: 'lecturerTitle',
    主讲方向: 'lecturerTopics',
  },
  preview: (resource) => (
    <Space align="start">
      {resource.cover ? (
        <img
          {...pictureSources(resource.cover, '96px')}
          src={resource.cover}
          alt={`${resource.title}的封面`}
          width={96}
          height={72}
          style={{ objectFit: 'cover' }}
        />
      ) : null}
      <div>
        <Typography.Paragraph strong style={{ marginBottom: 4 }}>
          {resource.title}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {[
            resource.kind ? DELIVERY_KIND_LABELS[resource.kind] : '',
            resource.kind === 'lecturer'
              ? [resource.lecturerName, resource.lecturerTitle].filter(Boolean).join('，')
              : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          适合 {resource.audienceMin ?? '—'}–{resource.audienceMax ?? '—'} 人 · 提前{' '}
          {resource.leadDays ?? '—'} 天预约
        </Typography.Text>
      </div>
    </Space>
  ),
};

/** A lecturer's own fields (name, title, topics): shown, and required, for a lecturer only. */
function LecturerFields() {
  const form = Form.useFormInstance<AdminDeliveryFormInput>();
  const kind = Form.useWatch('kind', form);
  if (kind !== 'lecturer') return null;
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="讲师姓名"
            name="lecturerName"
            rules={[{ required: true, whitespace: true, message: '请填写讲师姓名' }]}
          >
            <Input maxLength={DELIVERY_LECTURER_NAME_MAX} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="讲师头衔"
            name="lecturerTitle"
            rules={[{ required: true, whitespace: true, message: '请填写讲师头衔' }]}
          >
            <Input maxLength={DELIVERY_LECTURER_TITLE_MAX} placeholder="如：副研究员" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="主讲方向"
        name="lecturerTopics"
        rules={[
          { required: true, type: 'array', min: 1, message: '请填写至少一个主讲方向' },
          {
            validator: (_, topics?: string[]) =>
              (topics ?? []).some((topic) => topic.trim().length > DELIVERY_LECTURER_TOPIC_MAX)
                ? Promise.reject(new Error(`每个主讲方向最多 ${DELIVERY_LECTURER_TOPIC_MAX} 个字`))
                : Promise.resolve(),
          },
        ]}
      >
        <Select
          mode="tags"
          placeholder={`输入后回车，最多 ${DELIVERY_LECTURER_TOPICS_MAX} 个`}
          maxCount={DELIVERY_LECTURER_TOPICS_MAX}
        />
      </Form.Item>
    </>
  );
}

/** One deliverable resource's form, in review before publication. */
export function DeliveryEditPage() {
  return (
    <ReviewEditor kind={DELIVERY}>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            label="资源类型"
            name="kind"
            rules={[{ required: true, message: '请选择资源类型' }]}
          >
            <Select
              options={DELIVERY_KINDS.map((kind) => ({
                value: kind,
                label: DELIVERY_KIND_LABELS[kind],
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item
            label="资源名称"
            name="title"
            rules={[{ required: true, whitespace: true, message: '请填写资源名称' }]}
          >
            <Input showCount maxLength={DELIVERY_TITLE_MAX} />
          </Form.Item>
        </Col>
      </Row>
      <LecturerFields />
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            label="最少人数"
            name="audienceMin"
            rules={[
              { required: true, type: 'number', min: 1, message: '请填写最少人数（至少 1 人）' },
            ]}
          >
            <InputNumber
              min={1}
              max={DELIVERY_AUDIENCE_MAX}
              precision={0}
              suffix="人"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            label="最多人数"
            name="audienceMax"
            dependencies={['audienceMin']}
            rules={[
              { required: true, type: 'number', min: 1, message: '请填写最多人数' },
              ({ getFieldValue }) => ({
                validator: (_, max?: number) => {
                  const min = getFieldValue('audienceMin') as number | undefined;
                  return max !== undefined && min !== undefined && max < min
                    ? Promise.reject(new Error('不能少于最少人数'))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <InputNumber
              min={1}
              max={DELIVERY_AUDIENCE_MAX}
              precision={0}
              suffix="人"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            label="提前预约天数"
            name="leadDays"
            rules={[
              {
                required: true,
                type: 'number',
                min: 0,
                max: DELIVERY_LEAD_DAYS_MAX,
                message: `请填写 0 到 ${DELIVERY_LEAD_DAYS_MAX} 天`,
              },
            ]}
            extra="学员至少提前这么多天申请"
          >
            <InputNumber
              min={0}
              max={DELIVERY_LEAD_DAYS_MAX}
              precision={0}
              suffix="天"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="场地要求" name="room">
            <Input maxLength={DELIVERY_NEEDS_MAX} placeholder="如：可容纳 50 人的活动室" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="设备要求" name="equipment">
            <Input maxLength={DELIVERY_NEEDS_MAX} placeholder="如：投影仪、话筒" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="标签"
        name="tags"
        rules={[
          {
            validator: (_, tags?: string[]) =>
              (tags ?? []).some((tag) => tag.trim().length > DELIVERY_TAG_MAX)
                ? Promise.reject(new Error(`每个标签最多 ${DELIVERY_TAG_MAX} 个字`))
                : Promise.resolve(),
          },
        ]}
      >
        <Select
          mode="tags"
          placeholder={`输入后回车，最多 ${DELIVERY_TAGS_MAX} 个`}
          maxCount={DELIVERY_TAGS_MAX}
        />
      </Form.Item>
      <Form.Item label="封面" name="cover" extra="可先保存草稿，发布前须上传封面。">
        <CoverField />
      </Form.Item>
      <Form.Item label="资源介绍" name="introductionHtml" extra="发布前须填写介绍。">
        <RichTextEditor label="资源介绍" />
      </Form.Item>
    </ReviewEditor>
  );
}
