/** The code an authenticator app shows for a base32 secret at a given time (default: now). */
export { totpCodeAt } from '../features/auth/index.js';
