import type {
  AdminActivity,
  AdminActivityChoices,
  AdminActivityFormInput,
  AdminActivityRow,
  AdminPlaceOption,
} from '@portal/contract';
import {
  ACTIVITY_KINDS,
  ATTACHMENT_FILE_MAX_BYTES,
  ATTACHMENT_FILES_MAX,
  COURSE_TITLE_MAX,
  SEATS_MAX,
} from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import {
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { get } from '@/api/client.ts';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { reviewApi } from '@/features/review/review-api.ts';
import { SignupFieldsEditor, WindowFields } from '@/features/signups/SignupFields.tsx';
import { CoverField } from '@/ui/CoverField.tsx';
import { RichTextEditor } from '@/ui/RichTextEditor.tsx';
import { SafeHtml } from '@/ui/SafeHtml.tsx';

export const activityApi = reviewApi<AdminActivityFormInput, AdminActivityRow>(
  '/api/admin/activities',
);

export const listActivityChoices = () => get<AdminActivityChoices>('/api/admin/activities/choices');

const MB = 1024 * 1024;
const KIND_NAMES = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

/** `days` from today at `hour`:00, for a new activity's times (sign-up opens at once). */
const at = (days: number, hour: number) =>
  dayjs().add(days, 'day').hour(hour).startOf('hour').toISOString();

const time = (iso?: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

const ACTIVITY: EditorKind<AdminActivityFormInput> = {
  name: '活动',
  these: '这个活动',
  entity: 'activity',
  listPath: '/activities',
  api: activityApi,
  empty: {
    kind: '讲座',
    organiserId: undefined,
    title: '',
    cover: '',
    place: '',
    mapPlaceId: null,
    contact: '',
    capacity: 30,
    reviewSignups: false,
    signupStart: dayjs().startOf('hour').toISOString(),
    signupEnd: at(6, 18),
    startAt: at(7, 9),
    endAt: at(7, 11),
    descriptionHtml: '',
    formFields: [],
    attachments: null,
  },
  formOf: (activity) => ({
    kind: activity.kind,
    organiserId: activity.organiserId,
    title: activity.title,
    cover: activity.cover,
    place: activity.place,
    mapPlaceId: activity.mapPlaceId,
    contact: activity.contact,
    capacity: activity.capacity,
    reviewSignups: activity.reviewSignups,
    signupStart: activity.signupStart,
    signupEnd: activity.signupEnd,
    startAt: activity.startAt,
    endAt: activity.endAt,
    descriptionHtml: activity.descriptionHtml,
    formFields: activity.formFields,
    attachments: activity.attachments,
  }),
  fieldOfLabel: {
    活动类型: 'kind',
    主办方: 'organiserId',
    活动名称: 'title',
    封面: 'cover',
    活动地点: 'place',
    地图地点: 'mapPlaceId',
    咨询电话: 'contact',
    名额: 'capacity',
    报名需审核: 'reviewSignups',
    报名开始时间: 'signupStart',
    报名截止时间: 'signupEnd',
    开始时间: 'startAt',
    结束时间: 'endAt',
    活动介绍: 'descriptionHtml',
  },
  preview: (activity) => (
    <>
      <Typography.Paragraph strong>{activity.title}</Typography.Paragraph>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="时间">
          {time(activity.startAt)} 至 {time(activity.endAt)}
        </Descriptions.Item>
        <Descriptions.Item label="地点">{activity.place}</Descriptions.Item>
        <Descriptions.Item label="名额">{activity.capacity} 人</Descriptions.Item>
        <Descriptions.Item label="报名审核">
          {activity.reviewSignups ? '报名需审核' : '无需审核'}
        </Descriptions.Item>
        <Descriptions.Item label="报名信息">
          {(activity.formFields ?? []).map((field) => field.label).join('、') || '无需填写'}
        </Descriptions.Item>
      </Descriptions>
      <SafeHtml className="article-preview" html={activity.descriptionHtml ?? ''} />
    </>
  ),
};

/** The map place an activity is held at: the site's places, searched by name on the server. */
function PlaceSelect({
  value,
  onChange,
  id,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
}) {
  const [words, setWords] = useState('');
  const options = useQuery({
    queryKey: ['activities', 'places', words, value ?? 0],
    queryFn: () =>
      get<AdminPlaceOption[]>('/api/admin/activities/places', {
        q: words,
        id: value ?? undefined,
      }),
    placeholderData: (previous) => previous,
  });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setWords }}
      placeholder="输入地点名称搜索（可不选）"
      value={value ?? undefined}
      onChange={(chosen) => onChange?.(chosen ?? null)}
      loading={options.isFetching}
      notFoundContent={options.isPending ? '搜索中…' : '没有找到这个地点'}
      options={(options.data ?? []).map((place) => ({
        value: place.id,
        label: `${place.name}（${place.address}）`,
      }))}
    />
  );
}

/** What a special activity's sign-up asks learners to attach. */
function AttachmentFields() {
  const form = Form.useFormInstance<AdminActivityFormInput>();
  const rule = Form.useWatch('attachments', form);
  return (
    <>
      <Form.Item label="报名需上传附件（如作品照片、报名材料）">
        <Switch
          aria-label="报名需上传附件"
          checked={Boolean(rule)}
          onChange={(on) =>
            form.setFieldValue(
              'attachments',
              on
                ? {
                    label: '报名材料',
                    required: true,
                    maxCount: 3,
                    maxBytes: 5 * MB,
                    accept: ['image/jpeg', 'image/png', 'application/pdf'],
                  }
                : null,
            )
          }
        />
      </Form.Item>
      {rule ? (
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              label="附件说明"
              name={['attachments', 'label']}
              rules={[{ required: true, whitespace: true, message: '请填写附件说明' }]}
            >
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item label="必须上传" name={['attachments', 'required']} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item label="最多个数" name={['attachments', 'maxCount']}>
              <InputNumber min={1} max={ATTACHMENT_FILES_MAX} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item
              label="每个最大（MB）"
              name={['attachments', 'maxBytes']}
              getValueProps={(bytes?: number) => ({ value: bytes ? bytes / MB : undefined })}
              normalize={(mb?: number | null) => Math.round((mb ?? 0) * MB)}
            >
              <InputNumber
                min={0.1}
                max={ATTACHMENT_FILE_MAX_BYTES / MB}
                step={1}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item
              label="文件类型"
              name={['attachments', 'accept']}
              rules={[{ required: true, message: '请选择至少一种文件类型' }]}
            >
              <Checkbox.Group
                options={Object.entries(KIND_NAMES).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
    </>
  );
}

/** Another kind than 特色活动: its sign-up takes no attachments (a rule set before is dropped). */
function NoAttachments() {
  const form = Form.useFormInstance<AdminActivityFormInput>();
  useEffect(() => {
    if (form.getFieldValue('attachments')) form.setFieldValue('attachments', null);
  }, [form]);
  return (
    <Form.Item name="attachments" hidden>
      <Input />
    </Form.Item>
  );
}

/** One activity's form (its sign-up form included), in review before publication. */
export function ActivityEditPage() {
  const choices = useQuery({ queryKey: ['activities', 'choices'], queryFn: listActivityChoices });
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  // The editor's own detail (the same query): how many learners hold seats now.
  const detail = useQuery({
    queryKey: ['activities', 'detail', id],
    queryFn: () => activityApi.detail(id) as Promise<AdminActivity>,
    enabled: id > 0,
  });
  const taken = (detail.data as AdminActivity | undefined)?.seatsTaken ?? 0;
  return (
    <ReviewEditor kind={ACTIVITY}>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            label="活动类型"
            name="kind"
            rules={[{ required: true, message: '请选择活动类型' }]}
          >
            <Select options={ACTIVITY_KINDS.map((kind) => ({ value: kind, label: kind }))} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item
            label="主办方"
            name="organiserId"
            rules={[{ required: true, type: 'number', min: 1, message: '请选择主办方' }]}
          >
            <Select
              placeholder="选择主办方"
              showSearch={{ optionFilterProp: 'label' }}
              loading={choices.isPending}
              options={(choices.data?.organisers ?? []).map((entry) => ({
                value: entry.id,
                label: entry.name,
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="活动名称"
        name="title"
        rules={[{ required: true, whitespace: true, message: '请填写活动名称' }]}
      >
        <Input showCount maxLength={COURSE_TITLE_MAX} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="封面" name="cover" rules={[{ required: true, message: '请上传封面' }]}>
            <CoverField />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="咨询电话"
            name="contact"
            rules={[{ required: true, whitespace: true, message: '请填写咨询电话' }]}
          >
            <Input maxLength={50} placeholder="如 021-62561234" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="活动地点"
            name="place"
            rules={[{ required: true, whitespace: true, message: '请填写活动地点' }]}
          >
            <Input maxLength={100} placeholder="学员看到的地点，如 静安区文化馆三楼多功能厅" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="地图地点"
            name="mapPlaceId"
            extra="选中后，学员可从活动打开学习地图上的这个地点"
          >
            <PlaceSelect />
          </Form.Item>
        </Col>
      </Row>
      <WindowFields />
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="名额"
            name="capacity"
            extra={
              taken > 0
                ? `已有 ${taken} 人报名，名额不能少于 ${taken}`
                : '名额满后，学员可加入候补，有名额空出时按顺序递补'
            }
            rules={[
              { required: true, message: '请填写名额' },
              {
                type: 'number',
                min: Math.max(1, taken),
                message: taken > 0 ? `已有 ${taken} 人报名，名额不能少于 ${taken}` : '至少 1 人',
              },
            ]}
          >
            <InputNumber min={1} max={SEATS_MAX} addonAfter="人" style={{ width: 200 }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="报名需审核"
            name="reviewSignups"
            valuePropName="checked"
            extra="开启后，学员报名需经审核通过才算成功；待审核期间为其保留名额。"
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="活动介绍" name="descriptionHtml">
        <RichTextEditor label="活动介绍" />
      </Form.Item>
      <SignupFieldsEditor />
      <Form.Item noStyle shouldUpdate={(before, after) => before.kind !== after.kind}>
        {({ getFieldValue }) =>
          getFieldValue('kind') === '特色活动' ? <AttachmentFields /> : <NoAttachments />
        }
      </Form.Item>
    </ReviewEditor>
  );
}
