import { toolkitTitle } from './portal';

describe('toolkitTitle', () => {
  it.each([
    ['quickscan', 'Quickscan'],
    ['green-office', 'Green office'],
    ['net_zero--plan', 'Net zero plan'],
  ])('writes the toolkit address %s as the name %s', (name, title) => {
    expect(toolkitTitle(name)).toBe(title);
  });
});
