// Accounts for scripts (the e2e suite, the demo seed) made as a person makes one: by opening an
// e-mail sign-in link, which proves the address. The API grants roles only to a proven address, and
// a password account is not one. The Auth emulator keeps each link's code where a script can read it,
// in place of the inbox. Requests from Node carry no Origin header, which the emulator's origin
// proxy lets through.

/**
 * @typedef {{ idToken: string, refreshToken: string, localId?: string, email?: string }} Session
 *   (`localId`, the uid: not in a custom token's answer)
 * @typedef {{ email: string, oobCode: string, requestType: string }} PendingCode
 * @typedef {{
 *   identity: <T = Session>(method: string, body: object) => Promise<T>,
 *   signInWithEmailLink: (email: string) => Promise<Session>,
 *   signInWithCustomToken: (token: string) => Promise<Session>,
 *   isRegistered: (email: string) => Promise<boolean>,
 * }} AuthEmulatorClient
 */

/**
 * @param {{ authUrl: string, apiKey: string, projectId: string, continueUrl?: string }} options
 *   `authUrl`: the Auth emulator (as the runtime configuration names it); `projectId`: the one it
 *   runs for, under which it lists the codes; `continueUrl`: where a link would lead a browser
 * @returns {AuthEmulatorClient}
 */
function authEmulatorClient({ authUrl, apiKey, projectId, continueUrl = 'http://localhost/' }) {
  const base = authUrl.replace(/\/+$/, '');

  /**
   * @template [T=Session]
   * @param {string} method
   * @param {object} body
   * @returns {Promise<T>}
   */
  async function identity(method, body) {
    const response = await fetch(
      `${base}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${apiKey}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, returnSecureToken: true }),
      },
    );
    const text = await response.text();
    if (!response.ok) throw new Error(`Auth emulator ${method}: ${response.status} ${text}`);
    return JSON.parse(text);
  }

  /** @returns {Promise<PendingCode[]>} */
  async function pendingCodes() {
    const response = await fetch(`${base}/emulator/v1/projects/${projectId}/oobCodes`);
    if (!response.ok) throw new Error(`Auth emulator's codes: ${response.status} ${await response.text()}`);
    /** @type {{ oobCodes?: PendingCode[] }} */
    const answer = await response.json();
    return answer.oobCodes ?? [];
  }

  /** @param {string} email */
  async function signInWithEmailLink(email) {
    await identity('sendOobCode', {
      requestType: 'EMAIL_SIGNIN',
      email,
      continueUrl,
      canHandleCodeInApp: true,
    });
    // Listed in the order they were sent, and removed once used: the newest is the one just sent.
    const code = (await pendingCodes())
      .filter(
        (listed) =>
          listed.requestType === 'EMAIL_SIGNIN' && listed.email.toLowerCase() === email.toLowerCase(),
      )
      .pop();
    if (!code)
      throw new Error(`The Auth emulator listed no sign-in code for ${email} (project ${projectId}).`);
    return identity('signInWithEmailLink', { email, oobCode: code.oobCode });
  }

  return {
    identity,
    signInWithEmailLink,
    signInWithCustomToken: (token) => identity('signInWithCustomToken', { token }),
    async isRegistered(email) {
      /** @type {{ registered?: boolean }} */
      const answer = await identity('createAuthUri', { identifier: email, continueUri: continueUrl });
      return answer.registered === true;
    },
  };
}

/**
 * @typedef {{ tenantId: string, created?: boolean, sessionToken?: string }} SignupAnswer
 */

/**
 * Signs `email` in with a sign-in link and completes sign-up; answers a session whose token carries
 * the claims sign-up set.
 * @param {AuthEmulatorClient} auth
 * @param {string} email
 * @param {(idToken: string) => Promise<SignupAnswer>} completeSignup calls account-completeSignup
 * @returns {Promise<{ idToken: string, uid: string, tenantId: string, created: boolean }>}
 */
async function signUpProven(auth, email, completeSignup) {
  const first = await auth.signInWithEmailLink(email);
  const { tenantId, created = false, sessionToken } = await completeSignup(first.idToken);
  // The first proof of an address ends every session from before it; the answer's token starts the
  // next one. Without one (proven earlier), a new link gives a token with the claims.
  const next = sessionToken
    ? await auth.signInWithCustomToken(sessionToken)
    : await auth.signInWithEmailLink(email);
  return { idToken: next.idToken, uid: /** @type {string} */ (first.localId), tenantId, created };
}

module.exports = { authEmulatorClient, signUpProven };
