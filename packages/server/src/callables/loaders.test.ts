// The lazy entry of each callable (what Cloud Functions loads) is the handler the router's list holds.
import { allCallables } from './index';
import { callableLoaders } from './loaders';

it('loads, under each callable name, the handler of that name in allCallables', async () => {
  expect(Object.keys(callableLoaders).sort()).toEqual(allCallables.map((handler) => handler.name).sort());
  for (const [name, load] of Object.entries(callableLoaders)) {
    const handler = await load();
    expect(handler.name).toBe(name);
    expect(allCallables).toContain(handler);
  }
});
