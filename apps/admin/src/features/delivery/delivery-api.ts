import type { AdminDeliveryFormInput, AdminDeliveryRow } from '@portal/contract';
import { reviewApi } from '@/features/review/review-api.ts';

/** The console's calls for the delivery catalogue (`/api/admin/delivery`). */
export const deliveryApi = reviewApi<AdminDeliveryFormInput, AdminDeliveryRow>(
  '/api/admin/delivery',
);
