import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes, as OWASP
// recommends for argon2id.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never signs anyone in.
    return false;
  }
}

// Verifying against this when there is no member keeps the answer time the same, so response time
// does not tell a registered email from an unknown one more than the spec's statuses already do.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('velvet-dummy-password!1');
  await verifyPassword(await dummyHash, password);
}
