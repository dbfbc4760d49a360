import type { AdminLiveFormInput } from '@portal/contract';
import { Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { CoverField } from '@/ui/CoverField.tsx';
import { formatTime } from '@/ui/format.ts';
import { RichTextEditor } from '@/ui/RichTextEditor.tsx';
import { liveApi, useLiveChoices } from './live-api.ts';
import { ReplayField } from './ReplayField.tsx';

/*
 * The contract's limits (`admin-live.ts`), written here so its zod schemas stay out of the
 * console's bundle; the server checks them all again.
 */
const TITLE_MAX = 100;
const SPEAKER_MAX = 50;
const SPEAKER_TITLE_MAX = 100;
const HOURS_MAX = 12;
/** An HLS playlist of this site under `/media/` (the contract's `LIVE_STREAM_PATTERN`). */
const STREAM_PATTERN = /^\/media(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+\.m3u8$/;

const LIVE: EditorKind<AdminLiveFormInput> = {
  name: '直播',
  these: '这场直播',
  entity: 'live',
  listPath: '/live',
  api: liveApi,
  empty: {
    channelId: undefined,
    title: '',
    cover: '',
    speaker: '',
    speakerTitle: '',
    introductionHtml: '',
    startsAt: '',
    endsAt: '',
    streamUrl: null,
    replayUrl: null,
    courseId: undefined,
  },
  formOf: (session) => ({
    channelId: session.channelId,
    title: session.title,
    cover: session.cover,
    speaker: session.speaker,
    speakerTitle: session.speakerTitle,
    introductionHtml: session.introductionHtml,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    streamUrl: session.streamUrl,
    replayUrl: session.replayUrl,
    // An empty select shows its placeholder for undefined, not for null.
    courseId: session.courseId ?? undefined,
  }),
  fieldOfLabel: {
    直播频道: 'channelId',
    直播标题: 'title',
    封面: 'cover',
    主讲人: 'speaker',
    主讲人头衔: 'speakerTitle',
    开始时间: 'startsAt',
    结束时间: 'startsAt',
    直播源: 'streamUrl',
    回放视频: 'replayUrl',
    关联课程: 'courseId',
  },
  preview: (session) => (
    <>
      <Typography.Paragraph strong>{session.title}</Typography.Paragraph>
      <Typography.Paragraph>
        {formatTime(session.startsAt)} 至 {formatTime(session.endsAt)}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        主讲：{[session.speaker, session.speakerTitle].filter(Boolean).join('，') || '—'}
      </Typography.Paragraph>
    </>
  ),
};

/**
 * The start and end of a session as one range picker: the form item holds `startsAt`, the end
 * is written beside it into `endsAt` (both ISO 8601).
 */
function TimeRangeField({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (iso: string) => void;
  id?: string;
}) {
  const form = Form.useFormInstance<AdminLiveFormInput>();
  const endsAt = Form.useWatch('endsAt', form);
  return (
    <DatePicker.RangePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      style={{ width: '100%' }}
      value={[value ? dayjs(value) : null, endsAt ? dayjs(endsAt) : null]}
      onChange={(range) => {
        form.setFieldValue('endsAt', range?.[1]?.second(0).millisecond(0).toISOString() ?? '');
        onChange?.(range?.[0]?.second(0).millisecond(0).toISOString() ?? '');
      }}
    />
  );
}

/** Why the times cannot be saved (as the server refuses them), or null. */
function timesProblem(startsAt: string | undefined, endsAt: string | undefined): string | null {
  if (!startsAt || !endsAt) return '请选择开始与结束时间';
  const length = Date.parse(endsAt) - Date.parse(startsAt);
  if (!(length > 0)) return '结束时间须晚于开始时间';
  if (length > HOURS_MAX * 3_600_000) return `一场直播最长 ${HOURS_MAX} 小时`;
  return null;
}

/** One live session's form, in review before publication. */
export function LiveEditPage() {
  const choices = useLiveChoices();
  return (
    <ReviewEditor kind={LIVE}>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="直播频道"
            name="channelId"
            rules={[{ required: true, type: 'number', min: 1, message: '请选择直播频道' }]}
            extra="学员在所选频道下看到这场直播"
          >
            <Select
              placeholder="选择频道"
              loading={choices.isPending}
              options={(choices.data?.channels ?? []).map((channel) => ({
                value: channel.id,
                label: channel.published ? channel.name : `${channel.name}（频道未上线）`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="关联课程" name="courseId" extra="可以不选">
            <Select
              placeholder="不关联课程"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={choices.isPending}
              options={(choices.data?.courses ?? []).map((course) => ({
                value: course.id,
                label: course.title,
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="直播标题"
        name="title"
        rules={[{ required: true, whitespace: true, message: '请填写直播标题' }]}
      >
        <Input showCount maxLength={TITLE_MAX} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="主讲人"
            name="speaker"
            rules={[{ required: true, whitespace: true, message: '请填写主讲人' }]}
          >
            <Input maxLength={SPEAKER_MAX} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="主讲人头衔" name="speakerTitle">
            <Input maxLength={SPEAKER_TITLE_MAX} placeholder="如：复旦大学历史系教授" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="直播时间"
        name="startsAt"
        required
        dependencies={['endsAt']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, startsAt?: string) => {
              const problem = timesProblem(startsAt, getFieldValue('endsAt'));
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          }),
        ]}
        extra={`开始至结束，最长 ${HOURS_MAX} 小时；学员端按这两个时间显示预告、直播中或已结束`}
      >
        <TimeRangeField />
      </Form.Item>
      <Form.Item name="endsAt" hidden>
        <Input />
      </Form.Item>
      <Form.Item label="封面" name="cover" rules={[{ required: true, message: '请上传直播封面' }]}>
        <CoverField />
      </Form.Item>
      <Form.Item
        label="直播源"
        name="streamUrl"
        normalize={(value?: string) => value?.trim() || null}
        rules={[
          {
            pattern: STREAM_PATTERN,
            message: '须为本站 /media/ 下的 HLS 播放列表（.m3u8），如 /media/demo/lesson.m3u8',
          },
        ]}
        extra="直播进行中学员端播放的 HLS 播放列表；没有直播源也没有回放的直播不能发布"
      >
        <Input placeholder="/media/…/playlist.m3u8" maxLength={500} />
      </Form.Item>
      <Form.Item label="回放视频" name="replayUrl">
        <ReplayField />
      </Form.Item>
      <Form.Item label="直播介绍" name="introductionHtml">
        <RichTextEditor label="直播介绍" />
      </Form.Item>
    </ReviewEditor>
  );
}
