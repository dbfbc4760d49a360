import type { MessageDetail } from '@portal/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date.ts';
import { paths } from '@/platform/paths.ts';
import { DetailPage, type MissingText, useDetailById } from '@/ui/detail-page.tsx';
import { Panel } from '@/ui/panel.tsx';
import { messageDetailQueryOptions, useRefreshAfterRead } from '../api/messages.ts';
import { MessageKindBadge } from './message-kind.tsx';
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
    <main className="page-body">
      <Panel as="article" stack>
        <p className="badge-row detail-meta">
          <MessageKindBadge kind={message.kind} />
          <time dateTime={message.createdAt}>
            {formatDate(message.createdAt, 'yyyy-MM-dd hh:mm')}
          </time>
        </p>
        <h2 className="detail-title">{message.title}</h2>
        <p className="message-body">{message.body}</p>
        {link ? (
          <Link className="link-button primary block" to={link.to}>
            {link.label}
          </Link>
        ) : null}
      </Panel>
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
