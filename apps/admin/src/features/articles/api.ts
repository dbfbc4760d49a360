import type { AdminChannel } from '@portal/contract';
import { get } from '@/api/client.ts';

export const articleKeys = {
  channels: ['articles', 'channels'] as const,
};

export const listChannels = () => get<AdminChannel[]>('/api/admin/articles/channels');
