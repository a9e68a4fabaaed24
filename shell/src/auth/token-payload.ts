// What an ID token says, read on the device: a JSON Web Token's payload is its middle part,
// base64url-encoded UTF-8 JSON. Nothing read here is trusted by the server, which checks the token.

/** The token's payload as written, or null for anything that is not a readable token. */
export function tokenPayload(token: string | null | undefined): Record<string, unknown> | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
