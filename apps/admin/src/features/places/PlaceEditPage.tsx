import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { AdminPlaceFormInput } from '@portal/contract';
import {
  hoursProblems,
  PLACE_ADDRESS_MAX,
  PLACE_BRANCH_KIND,
  PLACE_CATEGORIES,
  PLACE_CATEGORY_NAMES,
  PLACE_HOURS_ROWS_MAX,
  PLACE_KINDS,
  PLACE_NAME_MAX,
  PLACE_PHONE_MAX,
  PLACE_PHONE_PATTERN,
  PLACE_PHOTOS_MAX,
  PLACE_STREET_MAX,
  type PlaceCategory,
  pictureAtLeast,
  pictureSources,
  placeAreaProblem,
  WEEKDAY_NAMES,
  weekLines,
} from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  Descriptions,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  TimePicker,
  Typography,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readConfig } from '@/api/client.ts';
import { uploadImage } from '@/api/uploads.ts';
import { useOperator } from '@/app/operator.ts';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { CoverField } from '@/ui/CoverField.tsx';
import { RichTextEditor } from '@/ui/RichTextEditor.tsx';
import { placeSchools, placesApi } from './places-api.ts';

/** The map (Leaflet and its stylesheet): its own chunk, loaded when the editor shows. */
const PlaceMapPicker = lazy(async () => ({
  default: (await import('./PlaceMapPicker.tsx')).PlaceMapPicker,
}));

type Hours = NonNullable<AdminPlaceFormInput['hours']>;

const PLACES: EditorKind<AdminPlaceFormInput> = {
  name: '地图场所',
  these: '这个场所',
  entity: 'place',
  listPath: '/places',
  api: placesApi,
  empty: {
    category: 'point',
    kind: PLACE_KINDS.point[0],
    parentId: null,
    name: '',
    street: '',
    address: '',
    lat: null,
    lng: null,
    phone: '',
    hours: [],
    introductionHtml: '',
    cover: null,
    photos: [],
  },
  formOf: (place) => ({
    category: place.category,
    kind: place.kind,
    parentId: place.parentId,
    name: place.name,
    street: place.street,
    address: place.address,
    lat: place.lat,
    lng: place.lng,
    phone: place.phone,
    hours: place.hours,
    introductionHtml: place.introductionHtml,
    cover: place.cover,
    photos: place.photos,
  }),
  fieldOfLabel: {
    场所类别: 'category',
    场所类型: 'kind',
    所属学校: 'parentId',
    场所名称: 'name',
    街道: 'street',
    地址: 'address',
    纬度: 'lat',
    经度: 'lng',
    位置: 'lat',
    联系电话: 'phone',
    开放时间: 'hours',
    场所介绍: 'introductionHtml',
    封面: 'cover',
    照片: 'photos',
  },
  preview: (place) => (
    <Space align="start">
      {place.cover ? (
        <img
          {...pictureSources(place.cover, '96px')}
          src={place.cover}
          alt={`${place.name}的封面`}
          width={96}
          height={72}
          style={{ objectFit: 'cover' }}
        />
      ) : null}
      <Descriptions column={1} size="small" title={place.name}>
        <Descriptions.Item label="类型">
          {place.category ? PLACE_CATEGORY_NAMES[place.category] : '—'} · {place.kind}
        </Descriptions.Item>
        <Descriptions.Item label="地址">
          {[place.street, place.address].filter(Boolean).join(' ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="位置">
          {place.lat != null && place.lng != null ? `${place.lat}, ${place.lng}` : '未定位'}
        </Descriptions.Item>
        <Descriptions.Item label="电话">{place.phone || '—'}</Descriptions.Item>
        <Descriptions.Item label="开放时间">
          {(place.hours ?? []).length === 0
            ? '未填写'
            : weekLines(hoursOf(place.hours))
                .map((line) => `${line.day} ${line.times}`)
                .join('；')}
        </Descriptions.Item>
      </Descriptions>
    </Space>
  ),
};

/** The rows of the form as the shared rules read them (a row being typed may lack a part). */
function hoursOf(rows: Hours | undefined) {
  return (rows ?? []).map((row) => ({
    days: row?.days ?? [],
    open: row?.open ?? '',
    close: row?.close ?? '',
  }));
}

/** The kind's choices: the category's kinds; a branch names its school. */
function KindFields({ placeId }: { placeId: number | null }) {
  const form = Form.useFormInstance<AdminPlaceFormInput>();
  const category = (Form.useWatch('category', form) ?? 'point') as PlaceCategory;
  const kind = Form.useWatch('kind', form);
  return (
    <Row gutter={16}>
      <Col span={6}>
        <Form.Item
          label="场所类别"
          name="category"
          rules={[{ required: true, message: '请选择场所类别' }]}
        >
          <Select
            options={PLACE_CATEGORIES.map((value) => ({
              value,
              label: PLACE_CATEGORY_NAMES[value],
            }))}
            onChange={(value: PlaceCategory) =>
              form.setFieldsValue({ kind: PLACE_KINDS[value][0], parentId: null })
            }
          />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          label="场所类型"
          name="kind"
          rules={[{ required: true, message: '请选择场所类型' }]}
          extra="学员在地图上看到的名称"
        >
          <Select
            options={PLACE_KINDS[category].map((value) => ({ value, label: value }))}
            onChange={(value: string) => {
              if (value !== PLACE_BRANCH_KIND) form.setFieldValue('parentId', null);
            }}
          />
        </Form.Item>
      </Col>
      {kind === PLACE_BRANCH_KIND ? (
        <Col span={10}>
          <Form.Item
            label="所属学校"
            name="parentId"
            rules={[{ required: true, message: '分校须选择所属学校' }]}
          >
            <SchoolSelect placeId={placeId} />
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}

/** The school a branch belongs to: the site's schools, searched by name on the server. */
function SchoolSelect({
  value,
  onChange,
  id,
  placeId,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  placeId: number | null;
}) {
  const [words, setWords] = useState('');
  const options = useQuery({
    queryKey: ['places', 'schools', words, value ?? 0, placeId ?? 0],
    queryFn: () => placeSchools(words, value, placeId),
    placeholderData: (previous) => previous,
  });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setWords }}
      placeholder="输入学校名称搜索"
      value={value ?? undefined}
      onChange={(chosen) => onChange?.(chosen ?? null)}
      loading={options.isFetching}
      notFoundContent={options.isPending ? '搜索中…' : '没有找到这所学校'}
      options={(options.data ?? []).map((school) => ({
        value: school.id,
        label: `${school.name}（${school.kind}）`,
      }))}
    />
  );
}

/**
 * The place's position: typed (WGS-84 degrees) or picked on the map by a click or by dragging
 * its marker; the two stay in step.
 */
function PositionFields() {
  const form = Form.useFormInstance<AdminPlaceFormInput>();
  const operator = useOperator();
  const lat = Form.useWatch('lat', form);
  const lng = Form.useWatch('lng', form);
  // Without the portal's tiles the map shows no streets: the typed numbers are what counts.
  const tiles = Boolean(readConfig()?.mapTileUrl);
  const value = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const handlePick = (point: { lat: number; lng: number }) => {
    form.setFieldsValue(point);
    form.validateFields(['lat', 'lng']).catch(() => undefined);
  };
  return (
    <section aria-labelledby="place-position-title" style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id="place-position-title" style={{ fontSize: 14 }}>
        位置
      </Typography.Title>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            label="纬度"
            name="lat"
            dependencies={['lng']}
            rules={[
              {
                validator: async (_, value?: number | null) => {
                  const other = form.getFieldValue('lng') as number | null | undefined;
                  if ((value ?? null) === null && (other ?? null) === null) return;
                  if (value == null || other == null) throw new Error('纬度和经度须同时填写');
                  if (value < -90 || value > 90) throw new Error('须在 -90 到 90 之间');
                  const problem = placeAreaProblem(operator.site.key, { lat: value, lng: other });
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <InputNumber
              min={-90}
              max={90}
              step={0.0001}
              precision={6}
              placeholder="如 31.2292"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            label="经度"
            name="lng"
            rules={[
              {
                type: 'number',
                min: -180,
                max: 180,
                message: '须在 -180 到 180 之间',
              },
            ]}
          >
            <InputNumber
              min={-180}
              max={180}
              step={0.0001}
              precision={6}
              placeholder="如 121.4558"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Typography.Paragraph type="secondary" style={{ marginTop: 30 }}>
            WGS-84（GPS）坐标。可直接填写，也可在地图上点击或拖动标记。
          </Typography.Paragraph>
        </Col>
      </Row>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 340 }} />}>
        <PlaceMapPicker
          siteKey={operator.site.key}
          value={value}
          onPick={handlePick}
          disabled={!operator.can('editor')}
        />
      </Suspense>
      {tiles ? null : (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 8 }}
          title="本站没有配置地图底图：地图只显示本区范围（虚线圈）与已发布的场所，供大致定位，以填写的经纬度为准。"
        />
      )}
    </section>
  );
}

const DAY_OPTIONS = WEEKDAY_NAMES.map((name, index) => ({ label: name, value: index + 1 }));

/** A row's days: checkboxes 一 to 日, in a group named for its row. */
function DaysField({
  value,
  onChange,
  id,
  label,
}: {
  value?: number[];
  onChange?: (days: number[]) => void;
  id?: string;
  label: string;
}) {
  return (
    <fieldset aria-label={label} id={id} style={{ border: 0, margin: 0, padding: 0 }}>
      <Checkbox.Group
        options={DAY_OPTIONS}
        value={value ?? []}
        onChange={(days) => onChange?.([...days].sort((a, b) => a - b))}
      />
    </fieldset>
  );
}

/** `HH:mm` as a time of today, for the time picker. */
const timeOf = (hhmm: string) => {
  const [hour, minute] = hhmm.split(':').map(Number);
  return dayjs()
    .hour(hour ?? 0)
    .minute(minute ?? 0)
    .second(0);
};

/** An opening or closing time: a time picker holding `HH:mm`. */
function TimeField({
  value,
  onChange,
  id,
  label,
}: {
  value?: string;
  onChange?: (time: string) => void;
  id?: string;
  label: string;
}) {
  return (
    <TimePicker
      id={id}
      aria-label={label}
      format="HH:mm"
      needConfirm={false}
      showNow={false}
      value={value ? timeOf(value) : null}
      onChange={(time) => onChange?.(time ? time.format('HH:mm') : '')}
      style={{ width: 92 }}
    />
  );
}

/** The weekly opening hours: rows of days and times, added and removed. */
function HoursField() {
  return (
    <Form.List
      name="hours"
      rules={[
        {
          validator: async (_, rows?: Hours) => {
            const problems = hoursProblems(hoursOf(rows));
            if (problems.length > 0) {
              throw new Error(problems.map((problem) => problem.message).join('；'));
            }
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <section aria-labelledby="place-hours-title" style={{ marginBottom: 24 }}>
          <Typography.Title level={2} id="place-hours-title" style={{ fontSize: 14 }}>
            开放时间
          </Typography.Title>
          {fields.length === 0 ? (
            <Typography.Paragraph type="secondary">
              还没有开放时间：学员看到「开放时间未填写」。
            </Typography.Paragraph>
          ) : null}
          {fields.length > 0 ? (
            <Typography.Text type="secondary">每行：开放日，开门时间至关门时间</Typography.Text>
          ) : null}
          {fields.map((field, index) => (
            <Flex
              key={field.key}
              wrap
              gap={6}
              align="flex-start"
              data-testid="hours-row"
              style={{ marginTop: 8 }}
            >
              <Form.Item
                name={[field.name, 'days']}
                rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一天' }]}
                style={{ marginBottom: 8 }}
              >
                <DaysField label={`第 ${index + 1} 行开放日`} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'open']}
                rules={[{ required: true, message: '请选择开门时间' }]}
                style={{ marginBottom: 8 }}
              >
                <TimeField label={`第 ${index + 1} 行开门时间`} />
              </Form.Item>
              <span style={{ lineHeight: '32px' }}>至</span>
              <Form.Item
                name={[field.name, 'close']}
                rules={[{ required: true, message: '请选择关门时间' }]}
                style={{ marginBottom: 8 }}
              >
                <TimeField label={`第 ${index + 1} 行关门时间`} />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`删除第 ${index + 1} 行开放时间`}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined />}
            // At the most rows; otherwise as the form (a reviewer reads it disabled).
            disabled={fields.length >= PLACE_HOURS_ROWS_MAX || undefined}
            onClick={() => add({ days: [1, 2, 3, 4, 5], open: '09:00', close: '17:00' })}
          >
            添加开放时间
          </Button>
        </section>
      )}
    </Form.List>
  );
}

/** The place's photos: uploaded one by one or several at once, put in order, removed. */
function PhotosField({
  value,
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (photos: string[]) => void;
  id?: string;
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  const photos = value ?? [];
  // Several uploads finish one after another: each adds to what the last one left.
  const latest = useRef(photos);
  latest.current = photos;
  const change = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const move = (from: number, to: number) => {
    const next = [...photos];
    const [photo] = next.splice(from, 1);
    if (photo === undefined) return;
    next.splice(to, 0, photo);
    change(next);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {photos.length > 0 ? (
        <ul
          aria-label="场所照片"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 12,
            listStyle: 'none',
            margin: 0,
            padding: 0,
          }}
        >
          {photos.map((url, index) => (
            <li key={url} style={{ width: 120 }}>
              <Image
                src={pictureAtLeast(url, 240)}
                preview={{ src: url }}
                alt={`第 ${index + 1} 张照片`}
                width={120}
                height={90}
                style={{ objectFit: 'cover' }}
              />
              <Space size={0}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowLeftOutlined />}
                  aria-label={`第 ${index + 1} 张照片前移`}
                  disabled={index === 0 || undefined}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowRightOutlined />}
                  aria-label={`第 ${index + 1} 张照片后移`}
                  disabled={index === photos.length - 1 || undefined}
                  onClick={() => move(index, index + 1)}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除第 ${index + 1} 张照片`}
                  onClick={() => change(photos.filter((_, n) => n !== index))}
                />
              </Space>
            </li>
          ))}
        </ul>
      ) : null}
      <Upload
        accept="image/jpeg,image/png,image/webp"
        multiple
        showUploadList={false}
        disabled={photos.length + uploading >= PLACE_PHOTOS_MAX || undefined}
        customRequest={({ file }) => {
          if (latest.current.length + uploading >= PLACE_PHOTOS_MAX) {
            message.warning(`最多 ${PLACE_PHOTOS_MAX} 张照片`);
            return;
          }
          setUploading((count) => count + 1);
          uploadImage(file as File)
            .then((uploaded) => {
              if (latest.current.length >= PLACE_PHOTOS_MAX) return;
              change([...latest.current, uploaded.url]);
            })
            .catch((error: Error) => message.error(error.message))
            .finally(() => setUploading((count) => count - 1));
        }}
      >
        <Button
          id={id}
          icon={<UploadOutlined />}
          loading={uploading > 0}
          disabled={photos.length >= PLACE_PHOTOS_MAX || undefined}
        >
          上传照片（{photos.length}/{PLACE_PHOTOS_MAX}）
        </Button>
      </Upload>
    </Space>
  );
}

/** One place of the learning map's form, in review before publication. */
export function PlaceEditPage() {
  const [params] = useSearchParams();
  const placeId = Number(params.get('id')) || null;
  return (
    <ReviewEditor kind={PLACES}>
      <KindFields placeId={placeId} />
      <Form.Item
        label="场所名称"
        name="name"
        rules={[{ required: true, whitespace: true, message: '请填写场所名称' }]}
      >
        <Input showCount maxLength={PLACE_NAME_MAX} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item label="街道" name="street">
            <Input maxLength={PLACE_STREET_MAX} placeholder="如：南京西路街道" />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item label="地址" name="address" extra="可先保存草稿，发布前须填写地址。">
            <Input maxLength={PLACE_ADDRESS_MAX} placeholder="如：上海市静安区西康路1163号" />
          </Form.Item>
        </Col>
      </Row>
      <PositionFields />
      <Form.Item
        label="联系电话"
        name="phone"
        rules={[
          {
            validator: async (_, phone?: string) => {
              const typed = (phone ?? '').trim();
              if (typed !== '' && !PLACE_PHONE_PATTERN.test(typed)) {
                throw new Error('请填写带区号的座机（如 021-62561234）或 11 位手机号');
              }
            },
          },
        ]}
      >
        <Input maxLength={PLACE_PHONE_MAX} placeholder="如：021-62561234" style={{ width: 260 }} />
      </Form.Item>
      <HoursField />
      <Form.Item label="封面" name="cover" extra="地图列表与场所页顶部的图片。">
        <CoverField />
      </Form.Item>
      <Form.Item label="照片" name="photos" extra={`最多 ${PLACE_PHOTOS_MAX} 张，按顺序展示。`}>
        <PhotosField />
      </Form.Item>
      <Form.Item label="场所介绍" name="introductionHtml">
        <RichTextEditor label="场所介绍" />
      </Form.Item>
    </ReviewEditor>
  );
}
