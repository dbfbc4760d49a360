import { paths } from '@/platform/paths.ts';
import type { MissingText } from '@/ui/detail-page.tsx';

/** What the detail and reader pages say when a book is missing. */
export const MISSING_BOOK: MissingText = {
  what: '电子书',
  description: '换一本书看看吧。',
  way: { to: paths.ebookList, label: '浏览全部电子书' },
};
