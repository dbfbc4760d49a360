import type { AdminProgramme, AdminProgrammeFormInput } from '@portal/contract';
import {
  PROGRAMME_AUDIENCE_MAX,
  PROGRAMME_MINUTES_MAX,
  PROGRAMME_MINUTES_MIN,
  PROGRAMME_PARTY_MAX,
  PROGRAMME_TITLE_MAX,
  programmeSlotProblems,
  slotRefusal,
} from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Col, Descriptions, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { formatTime } from '@/ui/format.ts';
import { RichTextEditor } from '@/ui/RichTextEditor.tsx';
import { SafeHtml } from '@/ui/SafeHtml.tsx';
import { BaseSelect } from './BaseSelect.tsx';
import { programmeApi, programmeKeys } from './programmes-api.ts';
import { SlotTableField } from './SlotTableField.tsx';

/** How long a visit lasts when the editor has not said (a new slot's length). */
const MINUTES_DEFAULT = 90;

const PROGRAMME: EditorKind<AdminProgrammeFormInput> = {
  name: '参观项目',
  these: '这个参观项目',
  entity: 'programme',
  listPath: '/programmes',
  api: programmeApi,
  empty: {
    // No base chosen yet: the picker shows its placeholder.
    placeId: undefined as unknown as number,
    title: '',
    introductionHtml: '',
    durationMinutes: MINUTES_DEFAULT,
    audience: '',
    maxParty: 5,
    slots: [],
  },
  // The seats taken stay out of the form (the table reads them from the detail).
  formOf: (programme) => ({
    placeId: programme.placeId,
    title: programme.title,
    introductionHtml: programme.introductionHtml,
    durationMinutes: programme.durationMinutes,
    audience: programme.audience,
    maxParty: programme.maxParty,
    slots: (programme.slots ?? []).map(({ id, startAt, endAt, capacity }) => ({
      id,
      startAt,
      endAt,
      capacity,
    })),
  }),
  fieldOfLabel: {
    体验基地: 'placeId',
    项目名称: 'title',
    项目介绍: 'introductionHtml',
    参观时长: 'durationMinutes',
    适合人群: 'audience',
    每次最多人数: 'maxParty',
    参观场次: 'slots',
  },
  preview: (programme) => (
    <>
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        {programme.title}
      </Typography.Paragraph>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="参观">
          约 {programme.durationMinutes ?? '—'} 分钟 · 适合{programme.audience} · 每次最多{' '}
          {programme.maxParty ?? '—'} 人
        </Descriptions.Item>
        <Descriptions.Item label="场次">
          {(programme.slots ?? []).length === 0
            ? '暂无'
            : (programme.slots ?? [])
                .map((slot) => `${formatTime(slot.startAt)}（${slot.capacity} 人）`)
                .join('；')}
        </Descriptions.Item>
      </Descriptions>
      <SafeHtml className="article-preview" html={programme.introductionHtml ?? ''} />
    </>
  ),
};

/** The slots' rules as the server checks them, each refusal naming its slot. */
const slotsRule = {
  validator: (_: unknown, slots?: AdminProgrammeFormInput['slots']) => {
    const [problem] = programmeSlotProblems(slots ?? [], Date.now());
    return problem ? Promise.reject(new Error(slotRefusal(problem))) : Promise.resolve();
  },
};

/** The slots field: the table with the seats learners took in each stored slot. */
function SlotsItem() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const form = Form.useFormInstance<AdminProgrammeFormInput>();
  const minutes = Form.useWatch('durationMinutes', form);
  // The editor's own detail query (the same key): its slots carry the seats taken.
  const detail = useQuery({
    queryKey: programmeKeys.detail(id),
    queryFn: () => programmeApi.detail(id),
    enabled: id > 0,
  });
  const held = detail.data as AdminProgramme | undefined;
  const seats = new Map(
    (held?.slots ?? []).flatMap((slot) =>
      slot.id === undefined ? [] : [[slot.id, slot.seatsTaken] as const],
    ),
  );
  return (
    <Form.Item
      label="参观场次"
      name="slots"
      rules={[slotsRule]}
      extra="学员在基地页按日期、时间选择场次预约；没有场次也可发布，学员会看到“近期暂无开放场次”。"
    >
      <SlotTableField
        seats={seats}
        minutes={typeof minutes === 'number' && minutes > 0 ? minutes : MINUTES_DEFAULT}
      />
    </Form.Item>
  );
}

/** One visit programme of a base, with its slots, in review before publication. */
export function ProgrammeEditPage() {
  return (
    <ReviewEditor kind={PROGRAMME}>
      <Row gutter={16}>
        <Col span={10}>
          <Form.Item
            label="体验基地"
            name="placeId"
            rules={[{ required: true, message: '请选择体验基地' }]}
            extra="本站的体验基地（学员尚看不到的基地也可先写项目）"
          >
            <BaseSelect />
          </Form.Item>
        </Col>
        <Col span={14}>
          <Form.Item
            label="项目名称"
            name="title"
            rules={[{ required: true, whitespace: true, message: '请填写项目名称' }]}
          >
            <Input showCount maxLength={PROGRAMME_TITLE_MAX} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            label="参观时长"
            name="durationMinutes"
            rules={[
              {
                required: true,
                type: 'number',
                min: PROGRAMME_MINUTES_MIN,
                max: PROGRAMME_MINUTES_MAX,
                message: `请填写 ${PROGRAMME_MINUTES_MIN} 到 ${PROGRAMME_MINUTES_MAX} 分钟`,
              },
            ]}
          >
            <InputNumber
              min={PROGRAMME_MINUTES_MIN}
              max={PROGRAMME_MINUTES_MAX}
              precision={0}
              suffix="分钟"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            label="适合人群"
            name="audience"
            rules={[{ required: true, whitespace: true, message: '请填写适合人群' }]}
          >
            <Input maxLength={PROGRAMME_AUDIENCE_MAX} placeholder="如：老年学员、亲子家庭" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            label="每次最多人数"
            name="maxParty"
            rules={[
              {
                required: true,
                type: 'number',
                min: 1,
                max: PROGRAMME_PARTY_MAX,
                message: `请填写 1 到 ${PROGRAMME_PARTY_MAX} 人`,
              },
            ]}
            extra="一位学员一次预约最多可带的人数"
          >
            <InputNumber
              min={1}
              max={PROGRAMME_PARTY_MAX}
              precision={0}
              suffix="人"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="项目介绍" name="introductionHtml" extra="发布前须填写介绍。">
        <RichTextEditor label="项目介绍" />
      </Form.Item>
      <SlotsItem />
    </ReviewEditor>
  );
}
