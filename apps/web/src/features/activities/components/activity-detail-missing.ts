import { paths } from '@/platform/paths.ts';
import type { MissingText } from '@/ui/detail-page.tsx';

/** What the detail and signup pages say when an activity is missing. */
export const MISSING_ACTIVITY: MissingText = {
  what: '活动',
  description: '看看其他活动吧。',
  way: { to: paths.activity, label: '去看看活动' },
};
