import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeDocumentStoreContract } from './contract';
import { openPgliteStore } from './pglite';
import { FieldValue, StoreError } from './port';

describeDocumentStoreContract('PGlite in memory', () => openPgliteStore());

// Each test opens its own PGlite, which takes a few seconds.
jest.setTimeout(60_000);

describe('PGlite store', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-store-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the data folder and keeps documents in it across close and reopen', async () => {
    const folder = path.join(dataDir, 'nested', 'db');
    const first = await openPgliteStore({ dataDir: folder });
    await first.set('tenants/t1', { createdBy: 'u1', getStarted: true });
    await first.update('tenants/t1', { visits: FieldValue.increment(1) });
    await first.close();

    const second = await openPgliteStore({ dataDir: folder });
    try {
      expect((await second.get('tenants/t1')).data).toEqual({ createdBy: 'u1', getStarted: true, visits: 1 });
      expect(await second.exportAll()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('refuses a store call made inside its own transaction instead of waiting forever', async () => {
    const store = await openPgliteStore();
    try {
      const error = await store
        .transaction(async () => {
          await store.get('tenants/t1');
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).message).toMatch(/use the transaction object/);
      // The store is usable afterwards: the queue moved on.
      await store.set('tenants/t1', { v: 1 });
      expect((await store.get('tenants/t1')).data).toEqual({ v: 1 });
    } finally {
      await store.close();
    }
  });
});
