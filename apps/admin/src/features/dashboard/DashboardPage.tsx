import { ReloadOutlined } from '@ant-design/icons';
import type {
  StatsActive,
  StatsLearning,
  StatsLive,
  StatsPoints,
  StatsSignups,
  StatsTop,
} from '@portal/contract';
import {
  LEARNING_KIND_LABELS,
  PARTICIPANT_KIND_NAMES,
  shanghaiDay,
} from '@portal/contract/constants';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Flex, Row, Segmented, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatTime } from '@/ui/format.ts';
import { useUrlFilters } from '@/ui/url-filters.ts';
import {
  getStatsActive,
  getStatsLearning,
  getStatsLive,
  getStatsPoints,
  getStatsSignups,
  getStatsSummary,
  getStatsTop,
  statsKeys,
} from './api.ts';
import { BarChart, CHART_COLORS, DoughnutChart, LineChart } from './charts.tsx';
import {
  formatRate,
  isDayDisabled,
  minutesFigure,
  presetOf,
  presetRange,
  RANGE_PRESET_LABELS,
  RANGE_PRESETS,
  type RangePreset,
  rangeFromParams,
  rangeLabel,
  type StatsRange,
} from './dashboard-range.ts';
import {
  RollupNote,
  rolledEmptyText,
  StatsCard,
  type StatsColumn,
  StatsTable,
  TableHeading,
} from './stats-parts.tsx';

const DAY_FORMAT = 'YYYY-MM-DD';

/** A day on a chart's axis: `11-30`, with its year when the range spans two. */
const axisDay = (day: string, range: StatsRange) =>
  range.from.slice(0, 4) === range.to.slice(0, 4) ? day.slice(5) : day;

const chartNote = (range: StatsRange) => `${rangeLabel(range)}，数字见下表`;

/** The range bar: the presets, and any range of up to 366 past days picked on the calendar. */
function RangeBar({ range, today }: { range: StatsRange; today: string }) {
  const { setFilter } = useUrlFilters();
  const preset = presetOf(range, today);
  return (
    <Flex wrap gap={12} align="center" role="search" aria-label="统计范围">
      <Segmented<RangePreset | 'custom'>
        aria-label="快捷范围"
        value={preset ?? 'custom'}
        onChange={(value) => {
          if (value !== 'custom') setFilter({ ...presetRange(value, today) });
        }}
        options={[
          ...RANGE_PRESETS.map((value) => ({ value, label: RANGE_PRESET_LABELS[value] })),
          { value: 'custom', label: '自定义', disabled: true },
        ]}
      />
      <DatePicker.RangePicker
        aria-label="统计日期"
        placeholder={['开始日期', '结束日期']}
        allowClear={false}
        value={[dayjs(range.from), dayjs(range.to)]}
        // Once one end is picked (`info.from`), the days too far from it are greyed out too.
        disabledDate={(current, info) =>
          isDayDisabled(current.format(DAY_FORMAT), today, info?.from?.format(DAY_FORMAT))
        }
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          if (from && to) setFilter({ from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) });
        }}
      />
    </Flex>
  );
}

/** The headline figures of the range. */
function SummaryCard({ range }: { range: StatsRange }) {
  const summary = useQuery({
    queryKey: statsKeys.summary(range),
    queryFn: () => getStatsSummary(range),
  });
  return (
    <StatsCard title="概况" query={summary} emptyText="暂无数据">
      {(data) => {
        const minutes = minutesFigure(data.learningMinutes);
        const figures = [
          { title: '学员总数', value: data.learners },
          { title: '新增学员', value: data.newLearners },
          { title: '活跃学员（学习过）', value: data.activeLearners },
          { title: '学习时长', value: minutes.value, suffix: minutes.suffix },
          { title: '报名人次', value: data.signups },
          { title: '发放积分', value: data.pointsIssued },
        ];
        return (
          <Row gutter={[16, 16]}>
            {figures.map((figure) => (
              <Col key={figure.title} xs={12} md={8} xl={4}>
                <Statistic title={figure.title} value={figure.value} suffix={figure.suffix} />
              </Col>
            ))}
          </Row>
        );
      }}
    </StatsCard>
  );
}

type ActiveBy = 'day' | 'week' | 'month';

const ACTIVE_BY_LABELS: Record<ActiveBy, string> = { day: '按日', week: '按周', month: '按月' };

/** Active and new learners by day (a chart), and active ones by day, week or month (a table). */
function ActiveCard({ range }: { range: StatsRange }) {
  const active = useQuery({
    queryKey: statsKeys.active(range),
    queryFn: () => getStatsActive(range),
  });
  const [by, setBy] = useState<ActiveBy>('day');
  return (
    <StatsCard
      title="活跃学员"
      query={active}
      extra={<RollupNote rollup={active.data?.rollup} />}
      isEmpty={(data) => data.daily.every((row) => row.active === 0 && row.joined === 0)}
      emptyText={rolledEmptyText(active.data?.rollup, '这段时间没有学员学习，也没有新学员')}
    >
      {(data) => (
        <>
          <LineChart
            label={`折线图：每日活跃学员与新增学员，${chartNote(range)}`}
            labels={data.daily.map((row) => axisDay(row.day, range))}
            series={[
              {
                label: '活跃学员',
                values: data.daily.map((row) => row.active),
                color: CHART_COLORS[0],
              },
              {
                label: '新增学员',
                values: data.daily.map((row) => row.joined),
                color: CHART_COLORS[1],
              },
            ]}
          />
          <Segmented<ActiveBy>
            aria-label="活跃学员的统计周期"
            style={{ marginTop: 16 }}
            value={by}
            onChange={setBy}
            options={(['day', 'week', 'month'] as const).map((value) => ({
              value,
              label: ACTIVE_BY_LABELS[value],
            }))}
          />
          <ActiveTable data={data} by={by} range={range} />
        </>
      )}
    </StatsCard>
  );
}

const DAILY_ACTIVE: StatsColumn<StatsActive['daily'][number]>[] = [
  { title: '日期', value: (row) => row.day },
  { title: '活跃学员', value: (row) => row.active, align: 'right' },
  { title: '新增学员', value: (row) => row.joined, align: 'right' },
];
const WEEKLY_ACTIVE: StatsColumn<StatsActive['weekly'][number]>[] = [
  { title: '周（周一）', value: (row) => row.week },
  { title: '活跃学员', value: (row) => row.active, align: 'right' },
];
const MONTHLY_ACTIVE: StatsColumn<StatsActive['monthly'][number]>[] = [
  { title: '月份', value: (row) => row.month },
  { title: '活跃学员', value: (row) => row.active, align: 'right' },
];

function ActiveTable({ data, by, range }: { data: StatsActive; by: ActiveBy; range: StatsRange }) {
  if (by === 'week') {
    return (
      <StatsTable
        name="每周活跃学员"
        range={range}
        columns={WEEKLY_ACTIVE}
        rows={data.weekly}
        rowKey={(row) => row.week}
      />
    );
  }
  if (by === 'month') {
    return (
      <StatsTable
        name="每月活跃学员"
        range={range}
        columns={MONTHLY_ACTIVE}
        rows={data.monthly}
        rowKey={(row) => row.month}
      />
    );
  }
  return (
    <StatsTable
      name="活跃学员"
      range={range}
      columns={DAILY_ACTIVE}
      rows={data.daily}
      rowKey={(row) => row.day}
    />
  );
}

const LEARNING_BY_KIND: StatsColumn<StatsLearning['byKind'][number]>[] = [
  { title: '类型', value: (row) => LEARNING_KIND_LABELS[row.kind] },
  { title: '学习分钟', value: (row) => row.minutes, align: 'right' },
  { title: '学习人次', value: (row) => row.learnerDays, align: 'right' },
];
const LEARNING_DAILY: StatsColumn<StatsLearning['daily'][number]>[] = [
  { title: '日期', value: (row) => row.day },
  { title: '学习分钟', value: (row) => row.minutes, align: 'right' },
];

/** Learning minutes by kind (a doughnut) and by day (a line), each with its table. */
function LearningCard({ range }: { range: StatsRange }) {
  const learning = useQuery({
    queryKey: statsKeys.learning(range),
    queryFn: () => getStatsLearning(range),
  });
  return (
    <StatsCard
      title="学习时长"
      query={learning}
      extra={<RollupNote rollup={learning.data?.rollup} />}
      isEmpty={(data) => data.byKind.every((row) => row.minutes === 0)}
      emptyText={rolledEmptyText(learning.data?.rollup, '这段时间没有学习记录')}
    >
      {(data) => (
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={10}>
            <DoughnutChart
              label={`环形图：各类内容的学习分钟，${chartNote(range)}`}
              labels={data.byKind.map((row) => LEARNING_KIND_LABELS[row.kind])}
              values={data.byKind.map((row) => row.minutes)}
            />
            <StatsTable
              name="学习时长按类型"
              range={range}
              columns={LEARNING_BY_KIND}
              rows={data.byKind}
              rowKey={(row) => row.kind}
            />
          </Col>
          <Col xs={24} lg={14}>
            <LineChart
              label={`折线图：每日学习分钟，${chartNote(range)}`}
              labels={data.daily.map((row) => axisDay(row.day, range))}
              series={[
                {
                  label: '学习分钟',
                  values: data.daily.map((row) => row.minutes),
                  color: CHART_COLORS[0],
                },
              ]}
            />
            <StatsTable
              name="每日学习时长"
              range={range}
              columns={LEARNING_DAILY}
              rows={data.daily}
              rowKey={(row) => row.day}
            />
          </Col>
        </Row>
      )}
    </StatsCard>
  );
}

const SIGNUPS: StatsColumn<StatsSignups['byKind'][number]>[] = [
  { title: '类型', value: (row) => PARTICIPANT_KIND_NAMES[row.kind] },
  { title: '场次/项目', value: (row) => row.items, align: 'right' },
  { title: '名额', value: (row) => row.capacity ?? '不限', align: 'right' },
  { title: '已报', value: (row) => row.taken, align: 'right' },
  { title: '满员率', value: (row) => formatRate(row.fillRate), align: 'right' },
  { title: '报名人次', value: (row) => row.signups, align: 'right' },
];

/** Per kind of item: seats, those taken, the fill rate (a bar chart) and the sign-ups made. */
function SignupsCard({ range }: { range: StatsRange }) {
  const signups = useQuery({
    queryKey: statsKeys.signups(range),
    queryFn: () => getStatsSignups(range),
  });
  return (
    <StatsCard
      title="报名与满员率"
      query={signups}
      isEmpty={(data) => data.byKind.every((row) => row.items === 0 && row.signups === 0)}
      emptyText="这段时间没有开展的项目，也没有报名"
    >
      {(data) => {
        const seated = data.byKind.filter((row) => row.fillRate !== null);
        return (
          <>
            {seated.length > 0 ? (
              <BarChart
                label={`条形图：各类项目的满员率，${chartNote(range)}`}
                horizontal
                max={100}
                unit="%"
                height={40 + seated.length * 40}
                labels={seated.map((row) => PARTICIPANT_KIND_NAMES[row.kind])}
                series={[
                  {
                    label: '满员率（%）',
                    values: seated.map((row) => Math.round((row.fillRate ?? 0) * 1000) / 10),
                    color: CHART_COLORS[2],
                  },
                ]}
              />
            ) : null}
            <StatsTable
              name="报名与满员率"
              range={range}
              columns={SIGNUPS}
              rows={data.byKind}
              rowKey={(row) => row.kind}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              场次/项目、名额与已报：在这段时间里开始的；报名人次：这段时间里提交的报名（含已取消）。
            </Typography.Paragraph>
          </>
        );
      }}
    </StatsCard>
  );
}

const TOP_COURSES: StatsColumn<StatsTop['courses'][number]>[] = [
  {
    title: '课程',
    value: (row) => row.title,
    render: (row) => <Link to={`/courses/edit?id=${row.id}`}>{row.title}</Link>,
  },
  { title: '学习人数', value: (row) => row.learners, align: 'right', width: 96 },
];
const TOP_ACTIVITIES: StatsColumn<StatsTop['activities'][number]>[] = [
  {
    title: '活动',
    value: (row) => row.title,
    render: (row) => <Link to={`/activities/edit?id=${row.id}`}>{row.title}</Link>,
  },
  { title: '开始时间', value: (row) => formatTime(row.startAt), width: 150 },
  { title: '已报', value: (row) => row.taken, align: 'right', width: 64 },
  { title: '名额', value: (row) => row.capacity, align: 'right', width: 64 },
];
const TOP_ARTICLES: StatsColumn<StatsTop['articles'][number]>[] = [
  {
    title: '文章',
    value: (row) => row.title,
    render: (row) => <Link to={`/articles/edit?id=${row.id}`}>{row.title}</Link>,
  },
  { title: '阅读人数', value: (row) => row.reads, align: 'right', width: 96 },
];

/** The most taken courses, activities and articles of the range. */
function TopCard({ range }: { range: StatsRange }) {
  const top = useQuery({ queryKey: statsKeys.top(range), queryFn: () => getStatsTop(range) });
  return (
    <StatsCard title="热门内容" query={top} emptyText="暂无数据">
      {(data) => (
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={12} xxl={8}>
            <StatsTable
              name="热门课程"
              heading={<TableHeading>热门课程</TableHeading>}
              range={range}
              columns={TOP_COURSES}
              rows={data.courses}
              rowKey={(row) => row.id}
              emptyText="这段时间没有学员开始学习课程"
            />
          </Col>
          <Col xs={24} lg={12} xxl={8}>
            <StatsTable
              name="热门活动"
              heading={<TableHeading>热门活动</TableHeading>}
              range={range}
              columns={TOP_ACTIVITIES}
              rows={data.activities}
              rowKey={(row) => row.id}
              emptyText="这段时间没有开始的活动"
            />
          </Col>
          <Col xs={24} lg={12} xxl={8}>
            <StatsTable
              name="热门文章"
              heading={<TableHeading>热门文章</TableHeading>}
              range={range}
              columns={TOP_ARTICLES}
              rows={data.articles}
              rowKey={(row) => row.id}
              emptyText="这段时间没有学员阅读文章"
            />
          </Col>
        </Row>
      )}
    </StatsCard>
  );
}

const LIVE_SESSIONS: StatsColumn<StatsLive['sessions'][number]>[] = [
  {
    title: '直播',
    value: (row) => row.title,
    render: (row) => <Link to={`/live/edit?id=${row.id}`}>{row.title}</Link>,
  },
  { title: '开播时间', value: (row) => formatTime(row.startsAt), width: 150 },
  { title: '预约', value: (row) => row.reservations, align: 'right', width: 72 },
  { title: '观看人数', value: (row) => row.viewers, align: 'right', width: 96 },
  { title: '观看分钟', value: (row) => row.minutes, align: 'right', width: 96 },
];

/** The live sessions of the range and who watched them. */
function LiveCard({ range }: { range: StatsRange }) {
  const live = useQuery({ queryKey: statsKeys.live(range), queryFn: () => getStatsLive(range) });
  return (
    <StatsCard
      title="直播观看"
      query={live}
      isEmpty={(data) => data.sessions.length === 0}
      emptyText="这段时间没有开播的直播"
    >
      {(data) => (
        <>
          <Statistic title="观看学员（直播或回放）" value={data.viewers} />
          <StatsTable
            name="直播观看"
            range={range}
            columns={LIVE_SESSIONS}
            rows={data.sessions}
            rowKey={(row) => row.id}
          />
        </>
      )}
    </StatsCard>
  );
}

const POINTS_BY_RULE: StatsColumn<StatsPoints['byRule'][number]>[] = [
  { title: '规则', value: (row) => row.name },
  { title: '积分', value: (row) => row.points, align: 'right' },
  { title: '获得人数', value: (row) => row.learners, align: 'right' },
];
const POINTS_DAILY: StatsColumn<StatsPoints['daily'][number]>[] = [
  { title: '日期', value: (row) => row.day },
  { title: '发放积分', value: (row) => row.points, align: 'right' },
];

/** Points given and taken, by rule (a table) and by day (bars and a table). */
function PointsCard({ range }: { range: StatsRange }) {
  const points = useQuery({
    queryKey: statsKeys.points(range),
    queryFn: () => getStatsPoints(range),
  });
  return (
    <StatsCard
      title="积分发放"
      query={points}
      isEmpty={(data) => data.issued === 0 && data.deducted === 0}
      emptyText="这段时间没有发放或扣除积分"
    >
      {(data) => (
        <>
          <Flex gap={48} wrap>
            <Statistic title="发放积分" value={data.issued} />
            <Statistic title="扣除积分" value={data.deducted} />
          </Flex>
          <Row gutter={[24, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <BarChart
                label={`柱状图：每日发放积分，${chartNote(range)}`}
                labels={data.daily.map((row) => axisDay(row.day, range))}
                series={[
                  {
                    label: '发放积分',
                    values: data.daily.map((row) => row.points),
                    color: CHART_COLORS[3],
                  },
                ]}
              />
              <StatsTable
                name="每日发放积分"
                range={range}
                columns={POINTS_DAILY}
                rows={data.daily}
                rowKey={(row) => row.day}
              />
            </Col>
            <Col xs={24} lg={12}>
              <StatsTable
                name="积分按规则"
                heading={<TableHeading>按规则</TableHeading>}
                range={range}
                columns={POINTS_BY_RULE}
                rows={data.byRule}
                rowKey={(row) => row.ruleKey}
              />
            </Col>
          </Row>
        </>
      )}
    </StatsCard>
  );
}

/**
 * 数据统计: the site's learners, learning, sign-ups, most taken content, live viewers and points
 * over a range of days kept in the address; each card loads (and fails) on its own, and each
 * table exports as CSV.
 */
export function DashboardPage() {
  const { params } = useUrlFilters();
  const today = shanghaiDay(Date.now());
  const range = rangeFromParams(params, today);
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: statsKeys.all });
  return (
    <Flex vertical gap={16}>
      <Card
        title={<h1 style={{ fontSize: 18, margin: 0 }}>数据统计</h1>}
        extra={
          <Button
            icon={<ReloadOutlined />}
            loading={fetching > 0}
            onClick={() => queryClient.invalidateQueries({ queryKey: statsKeys.all })}
          >
            刷新
          </Button>
        }
      >
        <RangeBar range={range} today={today} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          统计 {rangeLabel(range)}（北京时间，含首尾两天，最长 366
          天）。活跃学员：当天有学习记录的学员。
        </Typography.Paragraph>
      </Card>
      <SummaryCard range={range} />
      <ActiveCard range={range} />
      <LearningCard range={range} />
      <SignupsCard range={range} />
      <TopCard range={range} />
      <LiveCard range={range} />
      <PointsCard range={range} />
    </Flex>
  );
}
