// Stripe's SDK and the adapters over it, imported on first use (./index.ts): esbuild puts them in a
// chunk of their own, which only the functions that bill and the webhook load.
export { createStripeBilling, createStripeClient, createStripeWebhook } from '@toolkit/server/stripe';
