import type { AdminLiveChoices, AdminLiveFormInput, AdminLiveRow } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { get } from '@/api/client.ts';
import { reviewApi } from '@/features/review/review-api.ts';

/** The console's calls for live sessions (`/api/admin/live`). */
export const liveApi = reviewApi<AdminLiveFormInput, AdminLiveRow>('/api/admin/live');

/** The site's channels and published courses to choose from. */
export const listLiveChoices = () => get<AdminLiveChoices>('/api/admin/live/choices');

/** The choices, shared by the list's filters and the form (one query). */
export const useLiveChoices = () =>
  useQuery({ queryKey: ['live', 'choices'], queryFn: listLiveChoices });
