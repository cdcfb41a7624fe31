import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the generated JWT secret of a data folder is kept. */
export function jwtSecretFile(dataDir: string): string {
  return path.join(dataDir, 'jwt-secret');
}

/**
 * The JWT secret kept in `<dataDir>/jwt-secret`, generated once (mode 0600, the folder 0700)
 * when there is none; several processes starting at once agree on the first one written.
 * Throws when the folder cannot be written or the file holds fewer than `minBytes` bytes.
 */
export function keptJwtSecret(dataDir: string, minBytes: number): string {
  const file = jwtSecretFile(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails if another process created the file first; then its secret is read below.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(secret, 'utf8') < minBytes) {
    throw new Error(`${file} holds fewer than ${minBytes} bytes`);
  }
  return secret;
}
