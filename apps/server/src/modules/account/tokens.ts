import { createHash, randomBytes } from 'node:crypto';

/** A new opaque secret: 256 random bits, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token or ticket: its SHA-256, hex. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A device's public key (128 random bits, base64url): names a device in the learner's list. */
export function newDeviceKey(): string {
  return randomBytes(16).toString('base64url');
}
