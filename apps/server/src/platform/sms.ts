import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** One verification code on its way to a phone. */
export interface SentCode {
  phone: string;
  code: string;
  /** What the code is for: `bind` (a new phone) or `unbind` (the bound one). */
  purpose: string;
}

/**
 * Sends verification codes to phones. A real SMS gateway implements this; the built-in senders
 * only write the code where an operator (or a test) can read it.
 */
export interface CodeSender {
  send(message: SentCode): Promise<void>;
}

/** The default (`CODE_SENDER=log`): writes each code to the server log at `info`. */
export class LogCodeSender implements CodeSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: SentCode): Promise<void> {
    this.log.info({ sms: message }, `verification code ${message.code} for ${message.phone}`);
  }
}

/**
 * `CODE_SENDER=file`: appends each code as a JSON line to `file` (`DATA_DIR/sent-codes.log`),
 * for demos and end-to-end tests; the file is never served.
 */
export class FileCodeSender implements CodeSender {
  constructor(private readonly file: string) {}

  async send(message: SentCode): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    await fs.promises.appendFile(this.file, `${JSON.stringify({ ...message, at: Date.now() })}\n`);
  }
}

/** Keeps every code it is asked to send (tests read them from here). */
export class RecordingCodeSender implements CodeSender {
  readonly sent: SentCode[] = [];

  async send(message: SentCode): Promise<void> {
    this.sent.push(message);
  }

  /** The latest code sent to `phone`. */
  lastCodeFor(phone: string): string {
    const found = this.sent.findLast((message) => message.phone === phone);
    if (!found) throw new Error(`no code was sent to ${phone}`);
    return found.code;
  }
}
