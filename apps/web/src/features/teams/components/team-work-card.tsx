import type { TeamWorkSummary } from '@portal/contract';
import { Link } from 'react-router';
import { formatCount } from '@/lib/format-count.ts';
import { href } from '@/platform/paths.ts';
import { TeamWorkAuthorLine } from './team-work-author.tsx';
import { TeamWorkImages } from './team-work-images.tsx';

/** A work in the team's list: author, text (a few lines), thumbnails and counts; opens the work. */
export function TeamWorkCard({ work }: { work: TeamWorkSummary }) {
  return (
    <li className="team-work-card">
      <Link
        to={href('teamWorkDetail', { id: work.id })}
        className="team-work-card-link"
        aria-label={`${work.author.nickname}的作品：${work.text.slice(0, 30) || '图片作品'}`}
      >
        <TeamWorkAuthorLine author={work.author} at={work.createdAt}>
          {work.featured ? <span className="team-work-featured">精选</span> : null}
        </TeamWorkAuthorLine>
        {work.text ? <p className="team-work-text clamp">{work.text}</p> : null}
        <TeamWorkImages images={work.images} />
        <p className="team-work-counts">
          <span>点赞 {formatCount(work.likeCount)}</span>
          <span>评论 {formatCount(work.commentCount)}</span>
        </p>
      </Link>
    </li>
  );
}
