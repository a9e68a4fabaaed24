// @toolkit/server/stripe: Stripe's SDK and the adapters over it, apart from the main entry so that
// a bundle imports them only where it bills (Cloud Functions loads them on first use).
export { createStripeBilling, createStripeClient, type StripeBilling } from './billing/stripe';
export { createStripeWebhook, type StripeWebhookHandler } from './billing/stripe-webhook';
