import type { TeamWorkSummary } from '@portal/contract';
import { Link } from 'react-router';
import { formatCount } from '@/lib/format-count.ts';
import { href } from '@/platform/paths.ts';
import { Badge } from '@/ui/badge.tsx';
import { CardLine } from '@/ui/content-card.tsx';
import { TeamWorkAuthorLine } from './team-work-author.tsx';
import { TeamWorkImages } from './team-work-images.tsx';

/** 精选: a work the team's leader picked. */
export function FeaturedBadge() {
  return (
    <Badge tone="amber" square>
      精选
    </Badge>
  );
}

/** A work in the team's list: author, text (a few lines), thumbnails and counts; opens the work. */
export function TeamWorkCard({ work }: { work: TeamWorkSummary }) {
  return (
    <li>
      <Link
        to={href('teamWorkDetail', { id: work.id })}
        className="content-card boxed column team-work-card"
        aria-label={`${work.author.nickname}的作品：${work.text.slice(0, 30) || '图片作品'}`}
      >
        <TeamWorkAuthorLine author={work.author} at={work.createdAt}>
          {work.featured ? <FeaturedBadge /> : null}
        </TeamWorkAuthorLine>
        {work.text ? <p className="team-work-text clamp">{work.text}</p> : null}
        <TeamWorkImages images={work.images} />
        <CardLine className="team-work-counts">
          <span>点赞 {formatCount(work.likeCount)}</span>
          <span>评论 {formatCount(work.commentCount)}</span>
        </CardLine>
      </Link>
    </li>
  );
}
