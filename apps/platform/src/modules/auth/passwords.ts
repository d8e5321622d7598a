import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP's recommended cost (19 MiB, 2 passes).

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a user with no usable password (null: not enrolled yet). */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as a wrong password, never as a 500.
    return false;
  }
}
