import type { MessageDetail } from '@portal/contract';
import { MESSAGE_KIND_LABELS } from '@portal/contract/constants';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { paths } from '@/platform/paths.ts';
import { DetailPage, type MissingText, useDetailById } from '@/ui/detail-page.tsx';
import { messageDetailQueryOptions, useRefreshAfterRead } from '../api/messages.ts';
import { messageLinkOf } from './message-link.ts';

const MISSING_MESSAGE: MissingText = {
  what: '消息',
  description: '它可能已被删除，或不属于当前账号。',
  way: { to: paths.messageDetail, label: '回到我的消息' },
};

function Message({ message }: { message: MessageDetail }) {
  const refresh = useRefreshAfterRead();
  // Opening it read it on the server: the list and the badges follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per message opened
  useEffect(() => {
    void refresh();
  }, [message.id]);
  const link = message.link ? messageLinkOf(message.link) : null;
  return (
    <main className="page-body message-page">
      <article className="message-article">
        <p className="message-facts">
          <span className={`message-kind ${message.kind}`}>
            {MESSAGE_KIND_LABELS[message.kind]}
          </span>
          <time dateTime={message.createdAt}>
            {formatDate(message.createdAt, 'yyyy-MM-dd hh:mm')}
          </time>
        </p>
        <h2 className="message-article-title">{message.title}</h2>
        <p className="message-body">{message.body}</p>
        {link ? (
          <Link className="link-button primary message-go" to={link.to}>
            {link.label}
          </Link>
        ) : null}
      </article>
    </main>
  );
}

/** `/messageDetails?id=`: one message (opening it marks it read). */
export function MessageView() {
  return (
    <DetailPage
      detail={useDetailById(messageDetailQueryOptions)}
      missing={MISSING_MESSAGE}
      title={() => '消息详情'}
    >
      {(message) => <Message message={message} />}
    </DetailPage>
  );
}
