import { createSandboxBilling } from './sandbox';
import { deferredBilling } from './deferred';
import { openPgliteStore } from '../store/pglite';

it('makes the provider on its first use, once, and answers as the provider does', async () => {
  const store = await openPgliteStore({});
  try {
    const provider = createSandboxBilling(store, 'http://localhost:3000');
    const make = jest.fn(async () => provider);
    const billing = deferredBilling('sandbox', make);
    expect(billing.kind).toBe('sandbox');
    expect(make).not.toHaveBeenCalled();
    const [prices, again] = await Promise.all([billing.listPrices(), billing.listPrices()]);
    expect(prices).toEqual(await provider.listPrices());
    expect(again).toEqual(prices);
    const customer = await billing.createCustomer('tenant-1');
    expect(await billing.listSubscriptions(customer)).toEqual(await provider.listSubscriptions(customer));
    expect(make).toHaveBeenCalledTimes(1);
  } finally {
    await store.close();
  }
});
