import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminCourseChoices, AdminCourseFormInput, AdminCourseRow } from '@portal/contract';
import { COURSE_TITLE_MAX, LESSON_SECONDS_MAX } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { get } from '@/api/client.ts';
import { PdfField } from '@/features/ebooks/PdfField.tsx';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { reviewApi } from '@/features/review/review-api.ts';
import { CoverField } from '@/ui/CoverField.tsx';
import { RichTextEditor } from '@/ui/RichTextEditor.tsx';
import { VideoField } from './VideoField.tsx';

export const courseApi = reviewApi<AdminCourseFormInput, AdminCourseRow>('/api/admin/courses');

export const listCourseChoices = () => get<AdminCourseChoices>('/api/admin/courses/choices');

const COURSE: EditorKind<AdminCourseFormInput> = {
  name: '课程',
  these: '这门课程',
  entity: 'course',
  listPath: '/courses',
  api: courseApi,
  empty: {
    categoryId: undefined,
    teacherId: undefined,
    title: '',
    summary: '',
    introductionHtml: '',
    cover: '',
    tags: [],
    chapters: [{ title: '第一章', lessons: [] }],
  },
  formOf: (course) => ({
    categoryId: course.categoryId,
    teacherId: course.teacherId,
    title: course.title,
    summary: course.summary,
    introductionHtml: course.introductionHtml,
    cover: course.cover,
    tags: course.tags,
    chapters: course.chapters,
  }),
  fieldOfLabel: {
    课程分类: 'categoryId',
    授课教师: 'teacherId',
    课程名称: 'title',
    封面: 'cover',
  },
  preview: (course) => (
    <>
      <Typography.Paragraph strong>{course.title}</Typography.Paragraph>
      <ol>
        {(course.chapters ?? []).map((chapter, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a chapter's place is what identifies it here
          <li key={index}>
            {chapter.title}（{chapter.lessons?.length ?? 0} 课时）
          </li>
        ))}
      </ol>
    </>
  ),
};

/** The kinds a lesson may have, as the editor offers them. */
const LESSON_KINDS = [
  { value: 'video', label: '视频' },
  { value: 'audio', label: '音频' },
  { value: 'pdf', label: 'PDF' },
  { value: 'article', label: '图文' },
];

/**
 * One lesson's fields: its title, kind, and its video or audio (with its length, read from the
 * file), its PDF (its pages read by the server) or its text.
 */
function LessonFields({
  chapter,
  lesson,
  remove,
}: {
  chapter: number;
  lesson: number;
  remove: () => void;
}) {
  const form = Form.useFormInstance<AdminCourseFormInput>();
  const path = ['chapters', chapter, 'lessons', lesson] as const;
  const kind = Form.useWatch([...path, 'kind'], form);
  const pageCount = Form.useWatch([...path, 'pageCount'], form);
  return (
    <Card
      size="small"
      title={`课时 ${lesson + 1}`}
      extra={
        <Button type="text" danger icon={<DeleteOutlined />} onClick={remove}>
          删除课时
        </Button>
      }
      style={{ marginBottom: 12 }}
    >
      <Form.Item name={[lesson, 'id']} hidden>
        <Input />
      </Form.Item>
      <Row gutter={12}>
        <Col span={14}>
          <Form.Item
            label="课时标题"
            name={[lesson, 'title']}
            rules={[{ required: true, whitespace: true, message: '请填写课时标题' }]}
          >
            <Input maxLength={COURSE_TITLE_MAX} />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item label="课时类型" name={[lesson, 'kind']} initialValue="video">
            <Radio.Group options={LESSON_KINDS} />
          </Form.Item>
        </Col>
      </Row>
      {kind === 'article' ? (
        <Form.Item label="图文内容" name={[lesson, 'articleHtml']}>
          <RichTextEditor label={`课时 ${lesson + 1} 图文内容`} />
        </Form.Item>
      ) : null}
      {kind === 'pdf' ? (
        <Form.Item
          label="课时 PDF"
          name={[lesson, 'pdfUrl']}
          rules={[{ required: true, message: '请上传课时 PDF' }]}
          extra="页数由服务器从文件读取"
        >
          <PdfField
            use="lesson"
            pageCount={pageCount ?? 0}
            onUploaded={(uploaded) =>
              form.setFieldValue([...path, 'pageCount'], uploaded.pageCount)
            }
          />
        </Form.Item>
      ) : null}
      {kind === 'video' || kind === 'audio' || kind === undefined ? (
        <Row gutter={12}>
          <Col span={16}>
            <Form.Item
              label={kind === 'audio' ? '课时音频' : '课时视频'}
              name={[lesson, kind === 'audio' ? 'audioUrl' : 'videoUrl']}
              rules={[
                { required: true, message: kind === 'audio' ? '请上传课时音频' : '请上传课时视频' },
              ]}
            >
              <VideoField
                kind={kind === 'audio' ? 'audio' : 'video'}
                onSeconds={(seconds) => form.setFieldValue([...path, 'durationSeconds'], seconds)}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="时长（秒）" name={[lesson, 'durationSeconds']} initialValue={0}>
              <InputNumber min={0} max={LESSON_SECONDS_MAX} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Form.Item name={[lesson, 'pageCount']} hidden>
        <InputNumber />
      </Form.Item>
    </Card>
  );
}

/** One course's form (chapters and lessons included), in review before publication. */
export function CourseEditPage() {
  const choices = useQuery({ queryKey: ['courses', 'choices'], queryFn: listCourseChoices });
  return (
    <ReviewEditor kind={COURSE}>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="课程分类"
            name="categoryId"
            rules={[{ required: true, type: 'number', min: 1, message: '请选择课程分类' }]}
          >
            <Select
              placeholder="选择分类"
              loading={choices.isPending}
              options={(choices.data?.categories ?? []).map((entry) => ({
                value: entry.id,
                label: entry.name,
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="授课教师"
            name="teacherId"
            rules={[{ required: true, type: 'number', min: 1, message: '请选择授课教师' }]}
          >
            <Select
              placeholder="选择教师"
              showSearch={{ optionFilterProp: 'label' }}
              loading={choices.isPending}
              options={(choices.data?.teachers ?? []).map((entry) => ({
                value: entry.id,
                label: `${entry.name} · ${entry.title}`,
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="课程名称"
        name="title"
        rules={[{ required: true, whitespace: true, message: '请填写课程名称' }]}
      >
        <Input showCount maxLength={COURSE_TITLE_MAX} />
      </Form.Item>
      <Form.Item label="简介" name="summary" rules={[{ max: 200, message: '最多 200 个字' }]}>
        <Input.TextArea rows={2} showCount maxLength={200} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="封面"
            name="cover"
            rules={[{ required: true, message: '请上传课程封面' }]}
          >
            <CoverField />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="标签" name="tags">
            <Select mode="tags" placeholder="输入后回车，最多 8 个" maxCount={8} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="课程介绍" name="introductionHtml">
        <RichTextEditor label="课程介绍" />
      </Form.Item>
      <Typography.Title level={5}>章节与课时</Typography.Title>
      <Form.List name="chapters">
        {(chapters, { add: addChapter, remove: removeChapter }) => (
          <>
            {chapters.map((chapter, index) => (
              <Card
                key={chapter.key}
                style={{ marginBottom: 16, background: '#fafafa' }}
                title={`第 ${index + 1} 章`}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => removeChapter(chapter.name)}
                  >
                    删除章节
                  </Button>
                }
              >
                <Form.Item name={[chapter.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item
                  label="章节标题"
                  name={[chapter.name, 'title']}
                  rules={[{ required: true, whitespace: true, message: '请填写章节标题' }]}
                >
                  <Input maxLength={COURSE_TITLE_MAX} />
                </Form.Item>
                <Form.List name={[chapter.name, 'lessons']}>
                  {(lessons, { add: addLesson, remove: removeLesson }) => (
                    <>
                      {lessons.map((lesson) => (
                        <LessonFields
                          key={lesson.key}
                          chapter={chapter.name}
                          lesson={lesson.name}
                          remove={() => removeLesson(lesson.name)}
                        />
                      ))}
                      <Button
                        icon={<PlusOutlined />}
                        onClick={() => addLesson({ title: '', kind: 'video', durationSeconds: 0 })}
                      >
                        添加课时
                      </Button>
                    </>
                  )}
                </Form.List>
              </Card>
            ))}
            <Space style={{ marginBottom: 16 }}>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => addChapter({ title: `第${chapters.length + 1}章`, lessons: [] })}
              >
                添加章节
              </Button>
            </Space>
          </>
        )}
      </Form.List>
    </ReviewEditor>
  );
}
