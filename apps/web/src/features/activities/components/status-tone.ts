import type { ApplicationState, ClassStatus } from '@portal/contract/constants';

/** The colour family of an activity's status: each status its own, so they tell apart at a glance. */
export const statusTone: Record<ClassStatus, string> = {
  报名中: 'open',
  未开始: 'soon',
  已满: 'full',
  进行中: 'running',
  已结束: 'ended',
};

/** The colour family of an application's state on /myActive. */
export const stateTone: Record<ApplicationState, string> = {
  已报名: 'open',
  已签到: 'running',
  已取消: 'ended',
  已结束: 'ended',
};
