import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { CLASS_COURSES_MAX } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { classKeys, searchClassCourses } from './api.ts';

/** `list` with the entries at `from` and `to` swapped. */
const swapped = (list: readonly number[], from: number, to: number) => {
  const next = [...list];
  [next[from], next[to]] = [next[to] as number, next[from] as number];
  return next;
};

/**
 * The courses a class studies, in the order learners see them: the site's published courses
 * found by title on the server and added one by one, then moved up, down or removed.
 */
export function CourseListField({
  value = [],
  onChange,
  id,
}: {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
}) {
  const [words, setWords] = useState('');
  const courses = useQuery({
    queryKey: classKeys.courses(words, value),
    queryFn: () => searchClassCourses(words, value),
    placeholderData: (previous) => previous,
  });
  const byId = new Map((courses.data ?? []).map((course) => [course.id, course]));
  const nameOf = (courseId: number) => byId.get(courseId)?.title ?? `课程 #${courseId}`;
  const full = value.length >= CLASS_COURSES_MAX;
  return (
    <Flex vertical gap={8}>
      <Select
        id={id}
        showSearch={{ filterOption: false, onSearch: setWords }}
        placeholder={full ? `最多 ${CLASS_COURSES_MAX} 门课程` : '输入课程名称搜索，选中后加入'}
        disabled={full || undefined}
        value={null}
        onChange={(chosen: number | null) => {
          if (chosen !== null && !value.includes(chosen)) onChange?.([...value, chosen]);
          setWords('');
        }}
        loading={courses.isFetching}
        notFoundContent={courses.isPending ? '搜索中…' : '没有找到已发布的课程'}
        options={(courses.data ?? [])
          .filter((course) => course.published && !value.includes(course.id))
          .map((course) => ({
            value: course.id,
            label: `${course.title}（${course.lessonCount} 课时）`,
          }))}
      />
      {value.length === 0 ? (
        <Typography.Text type="secondary">还没有选择课程：发布前至少选一门。</Typography.Text>
      ) : (
        <ol aria-label="已选课程" style={{ margin: 0, paddingLeft: 24 }}>
          {value.map((courseId, index) => {
            const course = byId.get(courseId);
            const name = nameOf(courseId);
            return (
              <li key={courseId}>
                <Flex align="center" gap={4} justify="space-between">
                  <span>
                    <span>{name}</span>
                    {course ? (
                      <Typography.Text type="secondary">
                        （{course.lessonCount} 课时）
                      </Typography.Text>
                    ) : null}
                    {course && !course.published ? <Tag color="red">未发布</Tag> : null}
                  </span>
                  <span>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={`上移“${name}”`}
                      disabled={index === 0 || undefined}
                      onClick={() => onChange?.(swapped(value, index, index - 1))}
                    />
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={`下移“${name}”`}
                      disabled={index === value.length - 1 || undefined}
                      onClick={() => onChange?.(swapped(value, index, index + 1))}
                    />
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`移除“${name}”`}
                      onClick={() => onChange?.(value.filter((entry) => entry !== courseId))}
                    />
                  </span>
                </Flex>
              </li>
            );
          })}
        </ol>
      )}
    </Flex>
  );
}
