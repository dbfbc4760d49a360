import { Link } from 'react-router';
import { CONTENT_TYPE_LABELS, contentHref } from '@/platform/content-links.ts';
import { href } from '@/platform/paths.ts';
import { CardLine, ContentCard } from '@/ui/content-card.tsx';
import { HeaderLink } from '@/ui/page-header.tsx';
import { useTeamResources } from '../api/team-resources.ts';
import type { TeamSectionProps } from './team-section-props.ts';

/**
 * The team page's section: the courses, classes, activities and e-books linked to the team
 * (anyone sees them), with 关联资源 for the leader and 学习进度 for the members.
 */
export function TeamResourcesSection({ teamId, role }: TeamSectionProps) {
  const resources = useTeamResources(teamId);
  const list = resources.data?.list ?? [];
  return (
    <section className="team-stack" aria-labelledby="team-resources-title">
      <div className="section-head">
        <h2 id="team-resources-title" className="panel-title">
          学习资源
        </h2>
        {role === 'leader' ? (
          <HeaderLink to={href('connectCourse', { id: teamId })}>关联资源</HeaderLink>
        ) : null}
      </div>
      {role !== null ? (
        <Link className="link-button block" to={href('teamProgress', { id: teamId })}>
          查看成员学习进度
        </Link>
      ) : null}
      {resources.error ? <p className="detail-meta">学习资源没有加载出来。</p> : null}
      {resources.data && list.length === 0 ? (
        <p className="detail-meta">
          {role === 'leader'
            ? '还没有关联资源，点“关联资源”添加课程、活动等。'
            : '团队还没有关联学习资源。'}
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul className="card-list">
          {list.map((item) => (
            <li key={`${item.kind}-${item.resourceId}`}>
              <ContentCard
                to={contentHref(item.kind, item.resourceId)}
                cover={item.cover}
                book={item.kind === 'ebook'}
                coverSize={item.kind === 'ebook' ? [60, 80] : [128, 80]}
                title={item.title}
                className="boxed"
              >
                <CardLine>
                  <span className="content-type">{CONTENT_TYPE_LABELS[item.kind]}</span>
                  {item.subtitle}
                </CardLine>
              </ContentCard>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
