import { ReadMarkedPage } from '../components/read-marked-page.tsx';

/** `/index/notice` (公告): the site's announcements, unread ones marked for a learner. */
export function NoticePage() {
  return <ReadMarkedPage kind="notice" />;
}
