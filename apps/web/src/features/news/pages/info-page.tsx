import { ReadMarkedPage } from '../components/read-marked-page.tsx';

/** `/index/info` (通知): the site's notices, unread ones marked for a learner. */
export function InfoPage() {
  return <ReadMarkedPage kind="info" />;
}
