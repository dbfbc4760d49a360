import type { TeamWorkDetail } from '@portal/contract';
import { Button, Dialog, Toast } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { formatCount } from '@/lib/format-count.ts';
import { loginCheck } from '@/platform/login-check.ts';
import { href } from '@/platform/paths.ts';
import { ShareButton } from '@/platform/share-button.tsx';
import { ActionRow } from '@/ui/actions.tsx';
import { CardLine } from '@/ui/content-card.tsx';
import { DetailPage, useDetailById } from '@/ui/detail-page.tsx';
import { Panel } from '@/ui/panel.tsx';
import { HOME_WAY } from '@/ui/state-view.tsx';
import { teamWorkDetailQueryOptions } from '../api/get-team-work-detail.ts';
import {
  useDeleteTeamWork,
  useFeatureTeamWork,
  useToggleTeamWorkLike,
} from '../api/team-work-mutations.ts';
import { TeamWorkAuthorLine } from '../components/team-work-author.tsx';
import { FeaturedBadge } from '../components/team-work-card.tsx';
import { TeamWorkComments } from '../components/team-work-comments.tsx';
import { TeamWorkComposeButton } from '../components/team-work-compose-button.tsx';
import { TeamWorkImages } from '../components/team-work-images.tsx';
import '../components/team-work.css';
import '../teams.css';

/** 点赞, 设为精选 and 删除 of a work, as far as the viewer may; a visitor's 点赞 asks to log in. */
function WorkActions({ work }: { work: TeamWorkDetail }) {
  const like = useToggleTeamWorkLike();
  const feature = useFeatureTeamWork();
  const remove = useDeleteTeamWork();
  const navigate = useNavigate();

  const handleLike = async () => {
    if (!(await loginCheck())) return;
    like.mutate({ workId: work.id, like: !work.liked });
  };

  const handleDelete = async () => {
    const sure = await Dialog.confirm({
      title: '删除作品？',
      content: '删除后作品、图片和评论都不再显示，且不能恢复。',
      confirmText: '删除',
      cancelText: '取消',
    });
    if (!sure) return;
    remove.mutate(work.id, {
      onSuccess: () => {
        Toast.show({ content: '作品已删除', position: 'center' });
        void navigate(href('teamDetail', { id: work.teamId }), { replace: true });
      },
    });
  };

  return (
    <ActionRow>
      <Button
        fill={work.liked ? 'solid' : 'outline'}
        color="primary"
        aria-pressed={work.liked}
        loading={like.isPending}
        onClick={() => void handleLike()}
      >
        {work.liked ? '已赞' : '点赞'} {formatCount(work.likeCount)}
      </Button>
      {work.permissions.canFeature ? (
        <Button
          fill="outline"
          loading={feature.isPending}
          onClick={() => feature.mutate({ workId: work.id, featured: !work.featured })}
        >
          {work.featured ? '取消精选' : '设为精选'}
        </Button>
      ) : null}
      {work.permissions.canDelete ? (
        <Button
          fill="outline"
          color="danger"
          loading={remove.isPending}
          onClick={() => void handleDelete()}
        >
          删除
        </Button>
      ) : null}
    </ActionRow>
  );
}

/**
 * `/groupWorkDetail?id=`: a team work (public): its author, text and pictures (tap to view them
 * large), 点赞, the leader's 设为精选, the author's or leader's 删除, and the comments.
 */
export function TeamWorkDetailPage() {
  const detail = useDetailById(teamWorkDetailQueryOptions);
  return (
    <DetailPage
      detail={detail}
      missing={{ what: '作品', description: '作品可能已被删除。', way: HOME_WAY }}
      actions={(work) => (
        <ShareButton
          title={`${work.teamName}：${work.author.nickname}的作品`}
          pic={work.images[0]?.thumbUrl}
        />
      )}
    >
      {(work) => (
        <main className="page-body team-stack">
          <Panel as="article" label={`${work.author.nickname}的作品`} stack>
            <h2 className="sr-only">{work.author.nickname}的作品</h2>
            <TeamWorkAuthorLine author={work.author} at={work.createdAt}>
              {work.featured ? <FeaturedBadge /> : null}
            </TeamWorkAuthorLine>
            <CardLine className="team-work-team">
              来自团队 <Link to={href('teamDetail', { id: work.teamId })}>{work.teamName}</Link>
            </CardLine>
            {work.text ? <p className="team-work-text">{work.text}</p> : null}
            <TeamWorkImages images={work.images} viewable />
            <WorkActions work={work} />
            {work.viewerIsMember ? (
              <TeamWorkComposeButton
                teamId={work.teamId}
                block
                fill="outline"
                className="team-work-more"
              >
                我也发布作品
              </TeamWorkComposeButton>
            ) : null}
          </Panel>
          <TeamWorkComments workId={work.id} count={work.commentCount} />
        </main>
      )}
    </DetailPage>
  );
}
