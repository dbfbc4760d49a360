import type { ActivityDetail } from '@portal/contract';
import { Link } from 'react-router';
import { formatDateRange } from '@/lib/format-date.ts';
import { href } from '@/platform/paths.ts';
import { CalendarLink } from '@/ui/actions.tsx';
import { Fact, FactNote, Facts } from '@/ui/facts.tsx';
import { SeatsFact } from '@/ui/signup-status.tsx';
import { calendarFileUrl } from '../api/get-activity-detail.ts';
import { KindTag } from './activity-badges.tsx';
import { activityTimeText } from './activity-time.ts';
import { ruleText } from './file-check.ts';

/**
 * An activity's facts: kind, organiser, time (with 添加到日历), place (with the map when it is
 * on the learning map), seats (once full, how many wait), the signup window, the contact number
 * and, for a special activity, what its signup asks to upload.
 */
export function ActivityFacts({ activity }: { activity: ActivityDetail }) {
  const phone = activity.contact.replace(/[^\d+-]/g, '');
  return (
    <>
      <Facts>
        <Fact label="活动类型">
          <KindTag kind={activity.kind} />
        </Fact>
        <Fact label="主办单位">{activity.organiser}</Fact>
        <Fact label="活动时间">{activityTimeText(activity.startAt, activity.endAt, true)}</Fact>
        <Fact label="活动地点">
          {activity.place}
          {activity.mapPlaceId !== null ? (
            <Link className="inline-link" to={href('mapPlace', { id: activity.mapPlaceId })}>
              查看地图
            </Link>
          ) : null}
        </Fact>
        <Fact label="活动名额">
          <SeatsFact item={activity} />
        </Fact>
        <Fact label="报名时间">
          {formatDateRange(activity.signupStart, activity.signupEnd, 'yyyy.MM.dd hh:mm')}
        </Fact>
        {activity.contact ? (
          <Fact label="咨询电话">
            {phone ? (
              <a className="inline-link" href={`tel:${phone}`}>
                {activity.contact}
              </a>
            ) : (
              activity.contact
            )}
          </Fact>
        ) : null}
        {activity.attachments ? (
          <Fact label="报名材料">
            {activity.attachments.label}
            <FactNote>{ruleText(activity.attachments)}</FactNote>
          </Fact>
        ) : null}
      </Facts>
      <CalendarLink
        href={calendarFileUrl(activity.id)}
        fileName={`activity-${activity.id}.ics`}
        className="activity-calendar"
      />
    </>
  );
}
