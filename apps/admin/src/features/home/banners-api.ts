import type { AdminBannerFormInput, AdminBannerRow } from '@portal/contract';
import { reviewApi } from '@/features/review/review-api.ts';

/** The console's calls for home's banners (`/api/admin/banners`). */
export const bannersApi = reviewApi<AdminBannerFormInput, AdminBannerRow>('/api/admin/banners');
