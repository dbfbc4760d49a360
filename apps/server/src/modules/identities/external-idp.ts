import { ErrorCode } from '@portal/contract';
import type { ExternalIdpConfig } from '../../config.ts';
import { AppError, invalid } from '../../platform/errors.ts';

/** The person an identity provider's ticket stands for. */
export interface ExternalIdentity {
  /** The provider's stable id of the person. */
  subject: string;
  /** The name the provider shows for the person, if any. */
  name: string | null;
}

/** How long the provider may take to answer before the learner is told to try again. */
const TIMEOUT_MS = 5000;

const unavailable = (name: string) =>
  new AppError(ErrorCode.conflict, `${name}暂时无法连接，请稍后再试`);

/**
 * The client of the external identity provider (统一身份认证): redeems a one-time ticket at its
 * validate address (`GET validateUrl?ticket=`), which answers the person in the envelope
 * (`{ code: 0, data: { subject, name } }`) once; any other answer means the ticket is not valid.
 */
export class ExternalIdentityProvider {
  constructor(
    readonly config: ExternalIdpConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get name() {
    return this.config.name;
  }

  /** The person behind `ticket`; 400 for a ticket the provider refuses, 409 when it is down. */
  async redeem(ticket: string): Promise<ExternalIdentity> {
    const url = new URL(this.config.validateUrl);
    url.searchParams.set('ticket', ticket);
    let answer: unknown;
    try {
      const response = await this.fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw unavailable(this.name);
      answer = await response.json();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unavailable(this.name);
    }
    const identity = parseAnswer(answer);
    if (!identity) throw invalid(`${this.name}票据无效或已过期，请重新认证`);
    return identity;
  }
}

/** The identity in a validate answer, or null when the answer refuses the ticket or is malformed. */
function parseAnswer(answer: unknown): ExternalIdentity | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { code, data } = answer as { code?: unknown; data?: unknown };
  if (code !== 0 || typeof data !== 'object' || data === null) return null;
  const { subject, name } = data as { subject?: unknown; name?: unknown };
  if (typeof subject !== 'string' || subject.length === 0 || subject.length > 200) return null;
  return { subject, name: typeof name === 'string' ? name.slice(0, 100) : null };
}
