import type { ActivityDetail } from '@portal/contract';
import { Link } from 'react-router';
import { formatDateRange } from '@/lib/format-date.ts';
import { href } from '@/platform/paths.ts';
import { Fact } from '@/ui/facts.tsx';
import { LineIcon } from '@/ui/line-icon.tsx';
import { calendarFileUrl } from '../api/get-activity-detail.ts';
import { KindTag } from './activity-badges.tsx';
import { activityTimeText } from './activity-time.ts';
import { ruleText } from './file-check.ts';

/**
 * An activity's facts: kind, organiser, time (with 添加到日历), place (with the map when it is
 * on the learning map), seats, the signup window, the contact number and, for a special
 * activity, what its signup asks to upload.
 */
export function ActivityFacts({ activity }: { activity: ActivityDetail }) {
  const phone = activity.contact.replace(/[^\d+-]/g, '');
  return (
    <>
      <dl className="activity-facts">
        <Fact label="活动类型">
          <KindTag kind={activity.kind} />
        </Fact>
        <Fact label="主办单位">{activity.organiser}</Fact>
        <Fact label="活动时间">{activityTimeText(activity.startAt, activity.endAt, true)}</Fact>
        <Fact label="活动地点">
          {activity.place}
          {activity.mapPlaceId !== null ? (
            <Link
              className="activity-inline-link"
              to={href('mapPlace', { id: activity.mapPlaceId })}
            >
              查看地图
            </Link>
          ) : null}
        </Fact>
        <Fact label="活动名额">
          共 {activity.capacity} 人，剩余 <strong>{activity.seatsLeft}</strong> 个
        </Fact>
        <Fact label="报名时间">
          {formatDateRange(activity.signupStart, activity.signupEnd, 'yyyy.MM.dd hh:mm')}
        </Fact>
        {activity.contact ? (
          <Fact label="咨询电话">
            {phone ? (
              <a className="activity-inline-link" href={`tel:${phone}`}>
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
            <span className="activity-fact-note">{ruleText(activity.attachments)}</span>
          </Fact>
        ) : null}
      </dl>
      <a
        className="link-button block activity-calendar"
        href={calendarFileUrl(activity.id)}
        download={`activity-${activity.id}.ics`}
      >
        <LineIcon
          d="M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM12 12v5M9.5 14.5h5"
          size={22}
          strokeWidth={1.8}
        />
        添加到日历
      </a>
    </>
  );
}
