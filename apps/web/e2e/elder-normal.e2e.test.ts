/** The elder audit (see `elder-audit.ts`) in normal mode, and the 长辈模式 switch itself. */
import { describeAudit, describeElderSwitch, setUpAudit } from './elder-audit.ts';

setUpAudit();
describeElderSwitch();
describeAudit(false);
