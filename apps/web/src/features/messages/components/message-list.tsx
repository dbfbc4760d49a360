import type { MessageSummary } from '@portal/contract';
import { MESSAGE_KIND_LABELS } from '@portal/contract/constants';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { href, paths } from '@/platform/paths.ts';
import { useUnreadMessages } from '@/platform/queries/unread-messages.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useMessageList, useReadAll } from '../api/messages.ts';

function MessageItem({ message }: { message: MessageSummary }) {
  return (
    <li className="message-item">
      <Link
        className={message.read ? 'message-link' : 'message-link unread'}
        to={href('messageDetail', { id: message.id })}
      >
        <span className="message-head">
          <span className={`message-kind ${message.kind}`}>
            {MESSAGE_KIND_LABELS[message.kind]}
          </span>
          <span className="message-title">{message.title}</span>
          {message.read ? null : <span className="message-dot" role="img" aria-label="未读" />}
        </span>
        <span className="message-excerpt">{message.excerpt}</span>
        <time className="message-time" dateTime={message.createdAt}>
          {formatDate(message.createdAt, 'yyyy-MM-dd hh:mm')}
        </time>
      </Link>
    </li>
  );
}

/** 全部已读, while there is something unread. */
function ReadAllButton() {
  const unread = useUnreadMessages();
  const readAll = useReadAll();
  if (unread === 0) return null;
  return (
    <button
      type="button"
      className="text-button"
      disabled={readAll.isPending}
      onClick={() => readAll.mutate()}
    >
      全部已读
    </button>
  );
}

/** `/messageDetails` without an id: 我的消息, newest first, unread ones marked. */
export function MessageList() {
  return (
    <>
      <PageHeader title="我的消息" right={<ReadAllButton />} />
      <main className="page-body messages-page">
        <PagedList
          query={useMessageList()}
          className="message-list"
          pullToRefresh
          empty={
            <StateView
              kind="empty"
              title="还没有消息"
              description="报名结果、签到和开课、直播前的提醒都会发到这里。"
            >
              <Link className="link-button primary" to={paths.activity}>
                去看看活动
              </Link>
            </StateView>
          }
        >
          {(message) => <MessageItem key={message.id} message={message} />}
        </PagedList>
      </main>
    </>
  );
}
