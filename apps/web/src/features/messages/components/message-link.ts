import type { MessageLink } from '@portal/contract';
import { contentHref } from '@/platform/content-links.ts';
import { href } from '@/platform/paths.ts';

/** The page of what a message is about, and how its button reads. */
export function messageLinkOf(link: MessageLink): { to: string; label: string } {
  switch (link.type) {
    case 'live':
      return { to: href('liveDetail', { id: link.id }), label: '查看直播' };
    case 'article':
      return { to: href('contentDetail', { id: link.id }), label: '查看公告' };
    case 'class':
      return { to: contentHref('class', link.id), label: '查看班级' };
    case 'activity':
      return { to: contentHref('activity', link.id), label: '查看活动' };
    case 'course':
      return { to: contentHref('course', link.id), label: '查看课程' };
    case 'team':
      return { to: href('teamDetail', { id: link.id }), label: '查看团队' };
    case 'delivery':
      return { to: href('deliveryRequest', { id: link.id }), label: '查看申请' };
  }
}
