import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

/** The VAPID keys and subject the server signs its pushes with. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The file one machine keeps the keys it made in (`DATA_DIR`). */
const KEYS_FILE = 'web-push-vapid.json';

/**
 * The VAPID keys (issue 32): from the settings (`WEB_PUSH_*`, required with several instances,
 * which must sign alike), else the pair this machine made on its first start, kept in
 * `DATA_DIR` (a browser's subscription is bound to the key it was made with).
 */
export function vapidKeys(config: Pick<Config, 'webPush' | 'dataDir' | 'portalUrl'>): VapidKeys {
  const subject =
    config.webPush?.subject ??
    (config.portalUrl?.startsWith('https://') ? config.portalUrl : 'mailto:webmaster@localhost');
  if (config.webPush) return { ...config.webPush, subject };
  const file = path.join(config.dataDir, KEYS_FILE);
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (kept.publicKey && kept.privateKey) {
      return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
    }
  } catch {
    // None yet (or unreadable): made now.
  }
  const made = webpush.generateVAPIDKeys();
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  return { ...made, subject };
}
