// Password reset constants shared by the API and the web, free of zod so that the web can import
// them without building schemas (zod's object schemas probe `new Function`, which a strict CSP reports).

/** The forgot-password answer, the same whether the address is registered or not. */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, we sent a link to reset its password.';

/** The link's token: 32 random bytes, base64url (43 characters). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
