import type { MessageSummary } from '@portal/contract';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { href, paths } from '@/platform/paths.ts';
import { useUnreadMessages } from '@/platform/queries/unread-messages.ts';
import '@/ui/content-card.css';
import { PageHeader } from '@/ui/page-header.tsx';
import { PagedList } from '@/ui/paged-list.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useMessageList, useReadAll } from '../api/messages.ts';
import { MessageKindBadge } from './message-kind.tsx';

/** A message as a card (content-card.css): its kind, title and unread dot, excerpt and time. */
function MessageItem({ message }: { message: MessageSummary }) {
  return (
    <li className="message-item">
      <Link
        className={`content-card column boxed message-link${message.read ? '' : ' unread'}`}
        to={href('messageDetail', { id: message.id })}
      >
        <span className="content-card-head">
          <MessageKindBadge kind={message.kind} />
          <span className="message-title">{message.title}</span>
          {message.read ? null : <span className="message-dot" role="img" aria-label="未读" />}
        </span>
        {/* The server already cut it short; shown whole (elder mode reads every word). */}
        <span className="content-card-line">{message.excerpt}</span>
        <time className="content-card-line" dateTime={message.createdAt}>
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
      <main className="page-body">
        <PagedList
          query={useMessageList()}
          pullToRefresh
          empty={
            <StateView
              kind="empty"
              title="还没有消息"
              description="报名结果、签到和开课、直播前的提醒都会发到这里。"
              way={{ to: paths.activity, label: '去看看活动' }}
            />
          }
        >
          {(message) => <MessageItem key={message.id} message={message} />}
        </PagedList>
      </main>
    </>
  );
}
