import { TEAM_WORK_COMMENT_MAX } from '@portal/contract/constants';
import { Button, Dialog, Input } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { loginCheck } from '@/platform/login-check.ts';
import { ApiError } from '@/platform/request.ts';
import { PagedList } from '@/ui/paged-list.tsx';
import { Panel } from '@/ui/panel.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useTeamWorkComments } from '../api/get-team-work-comments.ts';
import { useCommentTeamWork, useDeleteTeamWorkComment } from '../api/team-work-mutations.ts';
import { FormMessages } from './form-error.tsx';
import { TeamWorkAuthorLine } from './team-work-author.tsx';

/** The comment box: any learner may comment; a visitor's tap on 发送 asks to log in first. */
function CommentForm({ workId }: { workId: number }) {
  const comment = useCommentTeamWork();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await loginCheck())) return;
    if (text.trim() === '') {
      setProblem('请输入评论内容');
      return;
    }
    setProblem(null);
    comment.mutate(
      { workId, content: text },
      {
        onSuccess: () => setText(''),
        onError: (error) => setProblem(error instanceof ApiError ? error.message : null),
      },
    );
  };

  return (
    <form className="team-work-comment-form" onSubmit={handleSubmit}>
      <label className="sr-only" htmlFor="team-work-comment">
        写评论
      </label>
      <Input
        id="team-work-comment"
        value={text}
        onChange={setText}
        placeholder="写下你的评论"
        maxLength={TEAM_WORK_COMMENT_MAX}
        enterKeyHint="send"
      />
      <Button color="primary" type="submit" loading={comment.isPending}>
        发送
      </Button>
      <FormMessages messages={[problem]} />
    </form>
  );
}

/** A work's comments, oldest first, each removable by its author or the team's leader; then the box. */
export function TeamWorkComments({ workId, count }: { workId: number; count: number }) {
  const comments = useTeamWorkComments(workId);
  const remove = useDeleteTeamWorkComment();

  const handleDelete = async (commentId: number) => {
    const sure = await Dialog.confirm({
      content: '确定删除这条评论吗？',
      confirmText: '删除',
      cancelText: '取消',
    });
    if (sure) remove.mutate(commentId);
  };

  return (
    <Panel title={`评论（${count}）`} stack>
      <CommentForm workId={workId} />
      <PagedList
        query={comments}
        errorTitle="评论没有加载出来"
        skeleton={<p className="detail-meta">评论加载中…</p>}
        empty={<StateView kind="empty" title="还没有评论" description="来说说你的看法吧。" />}
      >
        {(item) => (
          <li key={item.id} className="team-work-comment">
            <TeamWorkAuthorLine author={item.author} at={item.createdAt}>
              {item.canDelete ? (
                <button
                  type="button"
                  className="text-button"
                  onClick={() => void handleDelete(item.id)}
                  aria-label={`删除${item.author.nickname}的评论`}
                >
                  删除
                </button>
              ) : null}
            </TeamWorkAuthorLine>
            <p className="team-work-text">{item.text}</p>
          </li>
        )}
      </PagedList>
    </Panel>
  );
}
