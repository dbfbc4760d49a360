import { Callout } from '@/ui/callout.tsx';
import type { PositionState } from '../hooks/use-position.ts';

const NOTES = {
  locating: '正在获取您的位置…',
  denied: '未获得定位权限，地点未按距离排序。可在浏览器设置中允许定位后重试。',
  unavailable: '暂时无法获取您的位置，地点未按距离排序。',
} as const;

/** A notice about the learner's position: being located, refused or unavailable. */
export function PositionNote({ state }: { state: PositionState & { retry: () => void } }) {
  if (state.status === 'located') return null;
  return (
    <Callout
      compact
      role="status"
      className="map-position-note"
      action={
        state.status === 'locating' ? null : (
          <button type="button" className="link-button" onClick={state.retry}>
            重新定位
          </button>
        )
      }
    >
      {NOTES[state.status]}
    </Callout>
  );
}
