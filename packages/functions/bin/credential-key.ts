// Prints a new private Ed25519 JWK for the CREDENTIAL_SIGNING_KEY secret, e.g.
//   npm run -s credential-key -w @toolkit/functions | firebase functions:secrets:set CREDENTIAL_SIGNING_KEY --data-file=-
// Replacing the key makes every credential signed with the old one fail verification.
import { generateCredentialKey } from '@toolkit/server';

void generateCredentialKey().then((key) => process.stdout.write(`${JSON.stringify(key)}\n`));
