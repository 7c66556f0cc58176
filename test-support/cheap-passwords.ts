/**
 * Passwords hashed (and an unknown email's decoy checked) at a 128th of the real cost, for tests about limits,
 * sessions, refusals or anything but sign-in's own speed: a check at the real cost (scrypt, 32 MB) took 0.1 s on an
 * idle machine and 0.8 s at load 10, and a file signs in a few people to over a hundred times. A test about the time
 * a check takes asks for `DEFAULT_SCRYPT_COST`.
 */
import type { ScryptCost } from '../src/editor/host/accounts/passwords';

export const CHEAP_PASSWORDS: ScryptCost = { ln: 8, r: 8, p: 1 };
