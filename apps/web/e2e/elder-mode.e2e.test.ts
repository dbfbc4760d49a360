/** The elder audit (see `elder-audit.ts`) in elder mode (长辈模式). */
import { describeAudit, setUpAudit } from './elder-audit.ts';

setUpAudit();
describeAudit(true);
