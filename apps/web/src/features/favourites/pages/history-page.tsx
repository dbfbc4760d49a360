import { SavedListPage } from '../components/saved-list.tsx';

/** `/footmark` (学习足迹): what the learner opened, latest first. */
export function HistoryPage() {
  return <SavedListPage kind="history" />;
}
