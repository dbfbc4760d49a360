import type { AdminClass, AdminClassFormInput } from '@portal/contract';
import {
  CLASS_PLACE_MAX,
  CLASS_TEACHER_MAX,
  CLASS_TERM_MAX,
  CLASS_TIME_MAX,
  COURSE_TITLE_MAX,
  SEATS_MAX,
} from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import {
  AutoComplete,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Switch,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { SignupFieldsEditor, WindowFields } from '@/features/signups/SignupFields.tsx';
import { CoverField } from '@/ui/CoverField.tsx';
import { RichTextEditor } from '@/ui/RichTextEditor.tsx';
import { SafeHtml } from '@/ui/SafeHtml.tsx';
import { classApi, classKeys, listClassChoices, searchClassCourses } from './api.ts';
import { CourseListField } from './CourseListField.tsx';

/** `days` from today at `hour`:00, for a new class's times (sign-up opens at once). */
const at = (days: number, hour: number) =>
  dayjs().add(days, 'day').hour(hour).startOf('hour').toISOString();

const day = (iso?: string) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');

/** The titles of a version's courses, in order. */
function CourseTitles({ ids }: { ids: number[] }) {
  const courses = useQuery({
    queryKey: classKeys.courses('', ids),
    queryFn: () => searchClassCourses('', ids),
    enabled: ids.length > 0,
  });
  if (ids.length === 0) return <>未选择</>;
  const byId = new Map((courses.data ?? []).map((course) => [course.id, course.title]));
  return <>{ids.map((id) => byId.get(id) ?? `课程 #${id}`).join('、')}</>;
}

const CLASS: EditorKind<AdminClassFormInput> = {
  name: '班级',
  these: '这个班级',
  entity: 'class',
  listPath: '/classes',
  api: classApi,
  empty: {
    title: '',
    cover: '',
    term: '',
    classTime: '',
    place: '',
    teacherName: '',
    capacity: 30,
    reviewSignups: false,
    signupStart: dayjs().startOf('hour').toISOString(),
    signupEnd: at(13, 18),
    startAt: at(14, 9),
    endAt: at(104, 11),
    introductionHtml: '',
    formFields: [],
    courseIds: [],
  },
  formOf: (record) => ({
    title: record.title,
    cover: record.cover,
    term: record.term,
    classTime: record.classTime,
    place: record.place,
    teacherName: record.teacherName,
    capacity: record.capacity,
    reviewSignups: record.reviewSignups,
    signupStart: record.signupStart,
    signupEnd: record.signupEnd,
    startAt: record.startAt,
    endAt: record.endAt,
    introductionHtml: record.introductionHtml,
    formFields: record.formFields,
    courseIds: record.courseIds,
  }),
  fieldOfLabel: {
    班级名称: 'title',
    封面: 'cover',
    学期: 'term',
    上课时间: 'classTime',
    上课地点: 'place',
    授课教师: 'teacherName',
    名额: 'capacity',
    报名需审核: 'reviewSignups',
    报名开始时间: 'signupStart',
    报名截止时间: 'signupEnd',
    开始时间: 'startAt',
    结束时间: 'endAt',
    班级介绍: 'introductionHtml',
    所学课程: 'courseIds',
  },
  preview: (record) => (
    <>
      <Typography.Paragraph strong>{record.title}</Typography.Paragraph>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="学期">{record.term}</Descriptions.Item>
        <Descriptions.Item label="上课时间">{record.classTime}</Descriptions.Item>
        <Descriptions.Item label="开课">
          {day(record.startAt)} 至 {day(record.endAt)}
        </Descriptions.Item>
        <Descriptions.Item label="地点">{record.place}</Descriptions.Item>
        <Descriptions.Item label="教师">{record.teacherName}</Descriptions.Item>
        <Descriptions.Item label="名额">{record.capacity} 人</Descriptions.Item>
        <Descriptions.Item label="报名审核">
          {record.reviewSignups ? '报名需审核' : '无需审核'}
        </Descriptions.Item>
        <Descriptions.Item label="所学课程">
          <CourseTitles ids={(record.courseIds ?? []).map(Number)} />
        </Descriptions.Item>
        <Descriptions.Item label="报名信息">
          {(record.formFields ?? []).map((field) => field.label).join('、') || '无需填写'}
        </Descriptions.Item>
      </Descriptions>
      <SafeHtml className="article-preview" html={record.introductionHtml ?? ''} />
    </>
  ),
};

/** A line of text the form requires, named by its label. */
const required = (label: string) => [
  { required: true, whitespace: true, message: `请填写${label}` },
];

/** One class's form (its courses and sign-up form included), in review before publication. */
export function ClassEditPage() {
  const choices = useQuery({ queryKey: classKeys.choices, queryFn: listClassChoices });
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  // The editor's own detail (the same query): how many learners hold seats now.
  const detail = useQuery({
    queryKey: ['classes', 'detail', id],
    queryFn: () => classApi.detail(id) as Promise<AdminClass>,
    enabled: id > 0,
  });
  const taken = (detail.data as AdminClass | undefined)?.seatsTaken ?? 0;
  return (
    <ReviewEditor kind={CLASS}>
      <Form.Item label="班级名称" name="title" rules={required('班级名称')}>
        <Input showCount maxLength={COURSE_TITLE_MAX} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="封面" name="cover" rules={[{ required: true, message: '请上传封面' }]}>
            <CoverField />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="学期" name="term" rules={required('学期')}>
            <AutoComplete
              maxLength={CLASS_TERM_MAX}
              placeholder="如 2026年秋季"
              options={(choices.data?.terms ?? []).map((term) => ({ value: term }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="上课时间" name="classTime" rules={required('上课时间')}>
            <Input maxLength={CLASS_TIME_MAX} placeholder="学员看到的时间，如 每周二 9:30-11:00" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="授课教师" name="teacherName" rules={required('授课教师')}>
            <Input maxLength={CLASS_TEACHER_MAX} placeholder="如 李老师" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="上课地点" name="place" rules={required('上课地点')}>
        <Input
          maxLength={CLASS_PLACE_MAX}
          placeholder="学员看到的地点，如 静安区社区学院 302 教室"
        />
      </Form.Item>
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
      <Form.Item label="所学课程" name="courseIds" extra="本站已发布的课程，按学员看到的顺序排列">
        <CourseListField />
      </Form.Item>
      <Form.Item label="班级介绍" name="introductionHtml">
        <RichTextEditor label="班级介绍" />
      </Form.Item>
      <SignupFieldsEditor />
    </ReviewEditor>
  );
}
