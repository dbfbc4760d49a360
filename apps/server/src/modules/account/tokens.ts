import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A new opaque secret: 256 random bits, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The token that replaces `token` at a refresh: an HMAC-SHA256 of it under the session's
 * successor key (256 random bits the database keeps), base64url like a new secret. The same for
 * every refresh of the token, and unguessable from the token alone.
 */
export function successorOf(token: string, successorKey: string): string {
  return createHmac('sha256', Buffer.from(successorKey, 'base64url'))
    .update(token)
    .digest('base64url');
}

/** What the database keeps of a token or ticket: its SHA-256, hex. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A device's public key (128 random bits, base64url): names a device in the learner's list. */
export function newDeviceKey(): string {
  return randomBytes(16).toString('base64url');
}
