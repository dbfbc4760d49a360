import { LEARNER_STATE_NAMES, type LearnerState } from '@portal/contract/constants';
import { Tag } from 'antd';

/** Filled tags, white text on a dark shade: 4.5:1 at least (as `StatusTag`). */
const COLORS: Record<LearnerState, string> = { active: '#237804', disabled: '#a8071a' };

/** A learner's standing on the site: 正常 or 已停用. */
export function LearnerStateTag({ state }: { state: LearnerState }) {
  return <Tag color={COLORS[state]}>{LEARNER_STATE_NAMES[state]}</Tag>;
}
