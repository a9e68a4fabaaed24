// Stripe's webhook as an HTTP function (`stripeWebhook`): the raw body Cloud Functions keeps is what
// the signature covers, so it is handed over untouched; the server's handler does the rest.
import { onRequest, type HttpsFunction, type HttpsOptions } from 'firebase-functions/v2/https';
import { FUNCTIONS_REGION } from '@toolkit/domain';
import type { StripeWebhookHandler } from '@toolkit/server/stripe';
import { FUNCTION_MEMORY } from './callables';

export function createStripeWebhookFunction(
  resolveHandler: () => Promise<StripeWebhookHandler>,
  { secrets = [] }: { secrets?: HttpsOptions['secrets'] } = {},
): HttpsFunction {
  return onRequest(
    { region: FUNCTIONS_REGION, memory: FUNCTION_MEMORY, secrets },
    async (request, response) => {
      if (request.method !== 'POST') {
        response
          .set('Allow', 'POST')
          .status(405)
          .json({ received: false, error: 'Stripe delivers events by POST.' });
        return;
      }
      const handle = await resolveHandler();
      const { status, body } = await handle(request.rawBody, request.header('stripe-signature'));
      response.status(status).json(body);
    },
  );
}
