// A stack killed outright (SIGKILL) leaves its detached services running; the next start stops them
// by the pids they recorded, and only those: not a live stack's, not a pid reused by another program.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnService, stopOrphanedServices } from './child-service';

let dataDir: string;
let script: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'child-service-'));
  script = path.join(dataDir, 'service.js');
  fs.writeFileSync(script, 'setInterval(() => {}, 1000);\n');
});

afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Running, not merely a zombie waiting for a reaper this container may not have. */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

const options = (name: string) => ({
  name,
  script,
  args: [],
  cwd: dataDir,
  logFile: path.join(dataDir, `${name}.log`),
  tailLines: 5,
  stopSignal: 'SIGTERM' as const,
  exitSignal: 'SIGKILL' as const,
  stopTimeoutMs: 2_000,
  log: () => {},
});

it('stops the service of a stack that was killed with SIGKILL, by its recorded pid', async () => {
  // A "stack": starts the service, says its pid, and is then killed outright.
  const stack = spawn(
    process.execPath,
    [
      '-e',
      `const { spawnService } = require(${JSON.stringify(require.resolve('./child-service'))});
       const service = spawnService(${JSON.stringify(options('orphan'))});
       console.log(service.child.pid);
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const pid = await new Promise<number>((resolve) =>
    stack.stdout.once('data', (chunk) => resolve(Number(String(chunk)))),
  );
  stack.kill('SIGKILL');
  await new Promise((resolve) => stack.once('exit', resolve));
  expect(alive(pid)).toBe(true);

  const lines: string[] = [];
  expect(await stopOrphanedServices(dataDir, (line) => lines.push(line))).toBe(1);
  expect(alive(pid)).toBe(false);
  expect(lines[0]).toMatch(/orphan was left running by a stack that was killed/);
  expect(fs.existsSync(path.join(dataDir, 'orphan.log.pid'))).toBe(false);
});

it('leaves a running stack’s service alone, and a recorded pid now used by another program', async () => {
  const service = spawnService(options('live'));
  // A pid file naming a process that runs something else (the recorded stack is gone).
  const other = spawn('sleep', ['30']);
  fs.writeFileSync(
    path.join(dataDir, 'reused.log.pid'),
    JSON.stringify({ pid: other.pid, parent: 999_999_999, script, name: 'reused' }),
  );
  try {
    expect(await stopOrphanedServices(dataDir, () => {})).toBe(0);
    expect(alive(service.child.pid!)).toBe(true);
    expect(alive(other.pid!)).toBe(true);
  } finally {
    await service.stop();
    other.kill('SIGKILL');
  }
  // A clean stop removes the record.
  expect(fs.existsSync(path.join(dataDir, 'live.log.pid'))).toBe(false);
});
