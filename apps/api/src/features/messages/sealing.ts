import { createHmac } from 'node:crypto';
import { deriveKey, openSecret, sealSecret } from '../../platform/secret-box.js';

/**
 * Message content at rest: text, image descriptions and image storage keys are sealed with
 * AES-256-GCM (platform/secret-box.ts) under a key derived from DATA_ENCRYPTION_KEY for this
 * purpose only, each bound to its message's id, so a leaked database dump shows no message text
 * and no path to a conversation's pictures. A stored image is found again (GET /api/media/{key})
 * by a keyed digest of its key, which reveals nothing without the master key either.
 */

export const MESSAGE_CONTENT_PURPOSE = 'message-content';
export const MESSAGE_MEDIA_DIGEST_PURPOSE = 'message-media-digest';

export interface MessageSealer {
  seal(plaintext: string, messageId: string): string;
  open(sealed: string, messageId: string): string;
  /** The lookup digest of an image's storage key. */
  mediaDigest(key: string): string;
}

const sealers = new WeakMap<Buffer, MessageSealer>();

export function messageSealer(masterKey: Buffer): MessageSealer {
  const cached = sealers.get(masterKey);
  if (cached) return cached;
  const contentKey = deriveKey(masterKey, MESSAGE_CONTENT_PURPOSE);
  const digestKey = deriveKey(masterKey, MESSAGE_MEDIA_DIGEST_PURPOSE);
  const sealer: MessageSealer = {
    seal: (plaintext, messageId) => sealSecret(contentKey, plaintext, `message:${messageId}`),
    open: (sealed, messageId) => openSecret(contentKey, sealed, `message:${messageId}`),
    mediaDigest: (key) => createHmac('sha256', digestKey).update(key).digest('base64url'),
  };
  sealers.set(masterKey, sealer);
  return sealer;
}
