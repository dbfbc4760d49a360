import type { AdminBannerFormInput, AdminBannerTarget } from '@portal/contract';
import {
  BANNER_LABEL_MAX,
  BANNER_LINK_KIND_NAMES,
  BANNER_LINK_KINDS,
  BANNER_POSITION_MAX,
  BANNER_TITLE_MAX,
  type BannerLinkKind,
  pictureSources,
} from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { get } from '@/api/client.ts';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { CoverField } from '@/ui/CoverField.tsx';
import { formatTime } from '@/ui/format.ts';
import { bannersApi } from './banners-api.ts';

const BANNER: EditorKind<AdminBannerFormInput> = {
  name: '轮播图',
  these: '这张轮播图',
  entity: 'banner',
  listPath: '/banners',
  api: bannersApi,
  empty: {
    title: '',
    label: '推荐',
    image: null,
    linkKind: 'course',
    linkId: null,
    linkSlug: null,
    endsAt: null,
    position: 0,
  },
  formOf: (banner) => ({
    title: banner.title,
    label: banner.label,
    image: banner.image,
    linkKind: banner.linkKind,
    linkId: banner.linkId,
    linkSlug: banner.linkSlug,
    endsAt: banner.endsAt,
    position: banner.position,
  }),
  fieldOfLabel: {
    标题: 'title',
    角标: 'label',
    图片: 'image',
    链接类型: 'linkKind',
    链接: 'linkId',
    展示截止: 'endsAt',
    排序: 'position',
  },
  preview: (banner) => (
    <Space align="start">
      {banner.image ? (
        <img
          {...pictureSources(banner.image, '160px')}
          src={banner.image}
          alt={banner.title}
          width={160}
          height={90}
          style={{ objectFit: 'cover' }}
        />
      ) : null}
      <div>
        <Typography.Paragraph strong style={{ marginBottom: 4 }}>
          {banner.title}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {banner.label} · 链接到{banner.linkKind ? BANNER_LINK_KIND_NAMES[banner.linkKind] : ''}
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          排序 {banner.position ?? 0} ·{' '}
          {banner.endsAt ? `展示至 ${formatTime(banner.endsAt)}` : '长期展示'}
        </Typography.Text>
      </div>
    </Space>
  ),
};

/**
 * What a banner opens: the site's content of the chosen kind, searched by title on the server
 * (published first; one not yet published is marked, as it cannot be approved until it is).
 */
function TargetSelect({
  kind,
  value,
  onChange,
  id,
}: {
  kind: BannerLinkKind;
  value?: number | string | null;
  onChange?: (value: number | string | null) => void;
  id?: string;
}) {
  const [words, setWords] = useState('');
  const chosen =
    value === null || value === undefined
      ? {}
      : kind === 'topic'
        ? { slug: String(value) }
        : { id: Number(value) };
  const options = useQuery({
    queryKey: ['banners', 'targets', kind, words, value ?? ''],
    queryFn: () =>
      get<AdminBannerTarget[]>('/api/admin/banners/targets', { kind, q: words, ...chosen }),
    placeholderData: (previous) => previous,
  });
  const name = BANNER_LINK_KIND_NAMES[kind];
  return (
    <Select
      id={id}
      aria-label="链接"
      allowClear
      showSearch={{ filterOption: false, onSearch: setWords }}
      placeholder={`输入${name}标题搜索`}
      value={value ?? undefined}
      onChange={(picked) => onChange?.(picked ?? null)}
      loading={options.isFetching}
      notFoundContent={options.isPending ? '搜索中…' : `没有找到这个${name}`}
      options={(options.data ?? []).map((target) => ({
        value: kind === 'topic' ? (target.slug ?? '') : (target.id ?? 0),
        label: target.published ? target.title : `${target.title}（未发布）`,
      }))}
    />
  );
}

/** The link's kind and what it opens (a topic by its address, the rest by id). */
function LinkFields() {
  const form = Form.useFormInstance<AdminBannerFormInput>();
  const kind = (Form.useWatch('linkKind', form) ?? 'course') as BannerLinkKind;
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item
          label="链接类型"
          name="linkKind"
          rules={[{ required: true, message: '请选择链接到的内容类型' }]}
        >
          <Select
            options={BANNER_LINK_KINDS.map((value) => ({
              value,
              label: BANNER_LINK_KIND_NAMES[value],
            }))}
            onChange={() => form.setFieldsValue({ linkId: null, linkSlug: null })}
          />
        </Form.Item>
      </Col>
      <Col span={16}>
        {kind === 'topic' ? (
          <Form.Item
            label="链接"
            name="linkSlug"
            rules={[{ required: true, message: '请选择专题' }]}
            extra="学员点轮播图时打开的专题；发布时它须已发布。"
          >
            <TargetSelect kind="topic" />
          </Form.Item>
        ) : (
          <Form.Item
            label="链接"
            name="linkId"
            rules={[{ required: true, message: '请选择链接到的内容' }]}
            extra="学员点轮播图时打开的内容；发布时它须已发布。"
          >
            <TargetSelect kind={kind} />
          </Form.Item>
        )}
      </Col>
    </Row>
  );
}

/** One banner of home's carousel, in review before publication. */
export function BannerEditPage() {
  return (
    <ReviewEditor kind={BANNER}>
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item
            label="标题"
            name="title"
            rules={[{ required: true, whitespace: true, message: '请填写标题' }]}
            extra="写在轮播图下方，也是读屏软件读出的文字。"
          >
            <Input showCount maxLength={BANNER_TITLE_MAX} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            label="角标"
            name="label"
            rules={[{ required: true, whitespace: true, message: '请填写角标' }]}
          >
            <Input showCount maxLength={BANNER_LABEL_MAX} placeholder="如：专题、活动报名" />
          </Form.Item>
        </Col>
      </Row>
      <LinkFields />
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            label="排序"
            name="position"
            rules={[{ required: true, type: 'number', min: 0, message: '请填写排序' }]}
            extra="数字小的排在前面。"
          >
            <InputNumber
              min={0}
              max={BANNER_POSITION_MAX}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item
            label="展示截止"
            name="endsAt"
            getValueProps={(value?: string | null) => ({ value: value ? dayjs(value) : null })}
            normalize={(value?: Dayjs | null) => value?.toISOString() ?? null}
            extra="到时自动从首页撤下；不填则一直展示到下线。"
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              placeholder="长期展示"
              disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="图片"
        name="image"
        extra="横图，宽高比 16:9（如 1280×720），主体居中；可先保存草稿，发布前须上传。"
      >
        <CoverField what="图片" />
      </Form.Item>
    </ReviewEditor>
  );
}
