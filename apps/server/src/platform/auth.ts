/** The learner behind a valid bearer token (what the request context hands to handlers). */
export interface AuthUser {
  id: number;
  username: string;
  nickname: string;
  avatar: string | null;
  createdAt: number;
  sessionId: number;
}

/** Bearer token from an `Authorization` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header);
  return match?.[1] ?? null;
}
