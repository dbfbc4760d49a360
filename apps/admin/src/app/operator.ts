import type { AdminSession } from '@portal/contract';
import type { OperatorRole } from '@portal/contract/constants';
import { createContext, useContext } from 'react';

/** The signed-in operator on the site they work on now. */
export interface OperatorContext {
  session: AdminSession;
  site: AdminSession['sites'][number];
  /** Whether the operator may act as `role` on this site (the server checks it again). */
  can: (role: OperatorRole) => boolean;
}

export const Operator = createContext<OperatorContext | null>(null);

export function useOperator(): OperatorContext {
  const context = useContext(Operator);
  if (!context) throw new Error('useOperator outside the console shell');
  return context;
}

/** The operator's context on `siteKey` (their first site when it is none of theirs). */
export function operatorOn(session: AdminSession, siteKey: string | null): OperatorContext | null {
  const site = session.sites.find((entry) => entry.key === siteKey) ?? session.sites[0];
  if (!site) return null;
  const roles = new Set(site.roles);
  return { session, site, can: (role) => roles.has(role) };
}
