import type { ClassDetail } from '@portal/contract';
import { formatDateRange } from '@/lib/format-date.ts';
import { Fact, Facts } from '@/ui/facts.tsx';
import { SeatsFact } from '@/ui/signup-status.tsx';

/**
 * Term, schedule, place, teacher, seats (and, once full, how many wait) and the signup window of
 * a class.
 */
export function ClassFacts({ klass }: { klass: ClassDetail }) {
  return (
    <Facts>
      <Fact label="学期">{klass.term}</Fact>
      <Fact label="上课时间">{klass.schedule}</Fact>
      <Fact label="上课地点">{klass.place}</Fact>
      <Fact label="授课老师">{klass.teacherName}</Fact>
      <Fact label="报名时间">
        {formatDateRange(klass.signupStart, klass.signupEnd, 'yyyy.MM.dd')}
      </Fact>
      <Fact label="开课时间">{formatDateRange(klass.startAt, klass.endAt, 'yyyy.MM.dd')}</Fact>
      <Fact label="名额">
        <SeatsFact item={klass} />
      </Fact>
    </Facts>
  );
}
