import type { ClassSummary } from '@portal/contract';
import { formatDateRange } from '@/lib/format-date.ts';

/** A class's status as a coloured badge. */
export function ClassStatusBadge({ status }: { status: ClassSummary['status'] }) {
  const tone = status === '报名中' ? 'open' : status === '未开始' ? 'soon' : 'closed';
  return <span className={`class-status ${tone}`}>{status}</span>;
}

/** Term, schedule, place, teacher, seats and the signup window of a class. */
export function ClassFacts({ klass }: { klass: ClassSummary }) {
  return (
    <dl className="class-facts">
      <div>
        <dt>学期</dt>
        <dd>{klass.term}</dd>
      </div>
      <div>
        <dt>上课时间</dt>
        <dd>{klass.schedule}</dd>
      </div>
      <div>
        <dt>上课地点</dt>
        <dd>{klass.place}</dd>
      </div>
      <div>
        <dt>授课老师</dt>
        <dd>{klass.teacherName}</dd>
      </div>
      <div>
        <dt>报名时间</dt>
        <dd>{formatDateRange(klass.signupStart, klass.signupEnd, 'yyyy.MM.dd')}</dd>
      </div>
      <div>
        <dt>开课时间</dt>
        <dd>{formatDateRange(klass.startAt, klass.endAt, 'yyyy.MM.dd')}</dd>
      </div>
      <div>
        <dt>名额</dt>
        <dd>
          共 {klass.capacity} 人，剩余 <strong>{klass.seatsLeft}</strong> 个
        </dd>
      </div>
    </dl>
  );
}
