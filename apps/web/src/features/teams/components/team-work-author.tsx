import type { TeamWorkAuthor } from '@portal/contract';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format-date.ts';
import { CardLine } from '@/ui/content-card.tsx';
import { Avatar } from './avatar.tsx';

/** Who wrote a work or comment and when: the avatar (or the name's first character) and name. */
export function TeamWorkAuthorLine({
  author,
  at,
  children,
}: {
  author: TeamWorkAuthor;
  at: number;
  children?: ReactNode;
}) {
  return (
    <div className="team-work-author">
      <Avatar name={author.nickname} src={author.avatar} />
      <span className="team-work-author-text">
        <strong>{author.nickname}</strong>
        <CardLine>
          <time dateTime={new Date(at).toISOString()}>{formatDate(at, 'yyyy-MM-dd hh:mm')}</time>
        </CardLine>
      </span>
      {children}
    </div>
  );
}
