import net from 'node:net';
import { freePort, listen } from './ports';

test('hands out free ports below the system’s ephemeral range, each one listenable', async () => {
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(20000);
    expect(port).toBeLessThan(32768);
  }
  const server = net.createServer();
  expect(await listen(server, ports[0]!, '127.0.0.1', 'the test')).toBe(ports[0]);
  await new Promise((resolve) => server.close(resolve));
});
