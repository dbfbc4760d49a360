import type { AdminWalk, AdminWalkFormInput } from '@portal/contract';
import {
  WALK_DISTANCE_MAX_M,
  WALK_DURATION_MAX_MINUTES,
  WALK_SESSIONS_MAX,
  WALK_STOPS_MAX,
  WALK_TITLE_MAX,
  walkSessionRow,
  walkStopRow,
} from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Col, Descriptions, Form, Input, InputNumber, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { CoverField } from '@/ui/CoverField.tsx';
import { RichTextEditor } from '@/ui/RichTextEditor.tsx';
import { SafeHtml } from '@/ui/SafeHtml.tsx';
import { SessionTableField } from './SessionTableField.tsx';
import { StopListField } from './StopListField.tsx';
import { formatDistance } from './WalkListPage.tsx';
import { searchWalkPlaces, walkApi, walkKeys } from './walks-api.ts';

/** The names of a version's stops, in order. */
function StopNames({ placeIds }: { placeIds: number[] }) {
  const places = useQuery({
    queryKey: walkKeys.places('', placeIds),
    queryFn: () => searchWalkPlaces('', placeIds),
    enabled: placeIds.length > 0,
  });
  if (placeIds.length === 0) return <>未选择</>;
  const byId = new Map((places.data ?? []).map((place) => [place.id, place.name]));
  return <>{placeIds.map((id) => byId.get(id) ?? `地点 #${id}`).join(' → ')}</>;
}

const WALK: EditorKind<AdminWalkFormInput> = {
  name: '行走路线',
  these: '这条行走路线',
  entity: 'walk',
  listPath: '/walks',
  api: walkApi,
  empty: {
    title: '',
    introductionHtml: '',
    cover: null,
    distanceM: 2000,
    durationMinutes: 90,
    stops: [],
    sessions: [],
  },
  formOf: (walk) => ({
    title: walk.title,
    introductionHtml: walk.introductionHtml,
    cover: walk.cover,
    distanceM: walk.distanceM,
    durationMinutes: walk.durationMinutes,
    stops: walk.stops,
    sessions: walk.sessions,
  }),
  fieldOfLabel: {
    路线名称: 'title',
    路线介绍: 'introductionHtml',
    封面: 'cover',
    路线长度: 'distanceM',
    预计用时: 'durationMinutes',
    站点: 'stops',
    导览场次: 'sessions',
    // A refusal naming a row (第 2 站, 第 1 场导览) is shown under its list.
    ...Object.fromEntries(
      Array.from({ length: WALK_STOPS_MAX }, (_, index) => [walkStopRow(index), 'stops']),
    ),
    ...Object.fromEntries(
      Array.from({ length: WALK_SESSIONS_MAX }, (_, index) => [walkSessionRow(index), 'sessions']),
    ),
  },
  preview: (walk) => (
    <>
      <Typography.Paragraph strong>{walk.title}</Typography.Paragraph>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="长度">
          {walk.distanceM ? formatDistance(walk.distanceM) : '—'} · 约 {walk.durationMinutes ?? '—'}{' '}
          分钟
        </Descriptions.Item>
        <Descriptions.Item label="站点">
          <StopNames placeIds={(walk.stops ?? []).map((stop) => stop.placeId)} />
        </Descriptions.Item>
        <Descriptions.Item label="导览">
          {(walk.sessions ?? [])
            .map(
              (session) =>
                `${dayjs(session.startAt).format('M月D日 HH:mm')} ${session.guide ?? ''}（${session.capacity} 人）`,
            )
            .join('；') || '无'}
        </Descriptions.Item>
      </Descriptions>
      <SafeHtml className="article-preview" html={walk.introductionHtml ?? ''} />
    </>
  ),
};

/** One walk's form (its stops and guided sessions included), in review before publication. */
export function WalkEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  // The editor's own detail (the same query): what learners hold of the walk's rows now.
  const detail = useQuery({
    queryKey: walkKeys.detail(id),
    queryFn: () => walkApi.detail(id) as Promise<AdminWalk>,
    enabled: id > 0,
  });
  const held = detail.data as AdminWalk | undefined;
  const checkins = new Map((held?.stopCheckins ?? []).map((row) => [row.stopId, row.checkins]));
  const seats = new Map((held?.sessionSeats ?? []).map((row) => [row.sessionId, row.seatsTaken]));
  return (
    <ReviewEditor kind={WALK}>
      <Form.Item
        label="路线名称"
        name="title"
        rules={[{ required: true, whitespace: true, message: '请填写路线名称' }]}
      >
        <Input showCount maxLength={WALK_TITLE_MAX} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="路线长度"
            name="distanceM"
            rules={[
              {
                required: true,
                type: 'number',
                min: 1,
                max: WALK_DISTANCE_MAX_M,
                message: `请填写 1 到 ${WALK_DISTANCE_MAX_M} 米`,
              },
            ]}
          >
            <InputNumber
              min={1}
              max={WALK_DISTANCE_MAX_M}
              precision={0}
              suffix="米"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="预计用时"
            name="durationMinutes"
            rules={[
              {
                required: true,
                type: 'number',
                min: 1,
                max: WALK_DURATION_MAX_MINUTES,
                message: `请填写 1 到 ${WALK_DURATION_MAX_MINUTES} 分钟`,
              },
            ]}
          >
            <InputNumber
              min={1}
              max={WALK_DURATION_MAX_MINUTES}
              precision={0}
              suffix="分钟"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="封面" name="cover" extra="可不上传。">
        <CoverField />
      </Form.Item>
      <Form.Item label="路线介绍" name="introductionHtml" extra="发布前须填写介绍。">
        <RichTextEditor label="路线介绍" />
      </Form.Item>
      <Form.Item
        label="站点"
        name="stops"
        extra="按行走顺序排列，发布前至少 2 站；已有人打卡的站点不能移除。"
      >
        <StopListField checkins={checkins} />
      </Form.Item>
      <Form.Item label="导览场次" name="sessions">
        <SessionTableField seats={seats} />
      </Form.Item>
    </ReviewEditor>
  );
}
