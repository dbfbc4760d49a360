/** The parts of `http_ece` (MIT, web-push's own dependency) the push tests decrypt with. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    privateKey: ECDH;
    authSecret: string | Buffer;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
