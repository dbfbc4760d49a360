import { SavedListPage } from '../components/saved-list.tsx';

/** `/collect` (我的收藏): what the learner favourited, newest first. */
export function FavouritesPage() {
  return <SavedListPage kind="favourites" />;
}
