import { useSearchParams } from 'react-router';
import { MessageList } from '../components/message-list.tsx';
import { MessageView } from '../components/message-view.tsx';
import '../messages.css';

/**
 * `/messageDetails`: the spec's one messages route. Without `id` it is the list (我的消息, the
 * way in from 我的); with `?id=` it is that message.
 */
export function MessageDetailPage() {
  const [params] = useSearchParams();
  return params.has('id') ? <MessageView /> : <MessageList />;
}
