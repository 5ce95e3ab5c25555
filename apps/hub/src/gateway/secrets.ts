// Provider keys at rest: AES-256-GCM with a key from the environment (HUBKIT_SECRET_KEY), so a copy
// of the database alone reveals no key. A stored value is `v1:` + base64(iv | tag | ciphertext); the
// provider and scope are bound in as associated data, so a value copied to another row fails to open.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

export const SECRET_KEY_ENV = "HUBKIT_SECRET_KEY";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The 32-byte key from HUBKIT_SECRET_KEY (64 hex digits, or base64 of 32 bytes); a clear error otherwise. */
export function secretKeyFrom(text: string | undefined): Buffer {
  const value = text?.trim() ?? "";
  if (value === "") {
    throw new Error(
      `${SECRET_KEY_ENV} is not set: provider keys are encrypted with it (make one with: openssl rand -hex 32)`,
    );
  }
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  const decoded = Buffer.from(value, "base64");
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(value) && decoded.length === 32) return decoded;
  throw new Error(`${SECRET_KEY_ENV} must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)`);
}

export function sealSecret(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")}`;
}

/** The plain secret, or an error that names no part of it (wrong key, or a value altered). */
export function openSecret(key: Buffer, stored: string, context: string): string {
  if (!stored.startsWith("v1:")) throw new Error("a stored provider key has an unknown format");
  const bytes = Buffer.from(stored.slice(3), "base64");
  if (bytes.length <= IV_BYTES + TAG_BYTES) throw new Error("a stored provider key is truncated");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new Error(
      `a stored provider key does not open with this ${SECRET_KEY_ENV} (another key, or altered)`,
    );
  }
}
