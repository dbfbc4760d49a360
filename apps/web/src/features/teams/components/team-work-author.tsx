import type { TeamWorkAuthor } from '@portal/contract';
import { formatDate } from '@/lib/format-date.ts';

/** Who wrote a work or comment and when: the avatar (or the name's first character) and name. */
export function TeamWorkAuthorLine({
  author,
  at,
  children,
}: {
  author: TeamWorkAuthor;
  at: number;
  children?: React.ReactNode;
}) {
  return (
    <div className="team-work-author">
      <span className="team-work-avatar" aria-hidden="true">
        {author.avatar ? <img src={author.avatar} alt="" /> : [...author.nickname][0]}
      </span>
      <span className="team-work-author-text">
        <span className="team-work-author-name">{author.nickname}</span>
        <time className="team-work-time" dateTime={new Date(at).toISOString()}>
          {formatDate(at, 'yyyy-MM-dd hh:mm')}
        </time>
      </span>
      {children}
    </div>
  );
}
