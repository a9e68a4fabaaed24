// The local stack in a process of its own (packages/dev-stack/bin/serve.mjs): a load generator in
// the same process would share the API host's one event loop, and a crash test must be able to
// kill the stack outright and start it again on the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

export interface StackUrls {
  app: string;
  auth: string;
  api: string;
  mail: string;
}

export interface StackProcess {
  urls: StackUrls;
  child: ChildProcess;
  /** Stops it as Ctrl-C would (the Auth emulator saves its users). */
  stop(): Promise<void>;
  /** SIGKILL to the stack process alone: its services are left as a crash leaves them. */
  kill(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export async function startStackProcess(options: {
  dataDir: string;
  ports: Record<string, number>;
  /** Where its log goes; by default nowhere. */
  log?: (line: string) => void;
}): Promise<StackProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []),
      path.join(root, 'packages/dev-stack/bin/serve.mjs'),
      JSON.stringify({ dataDir: options.dataDir, ports: options.ports }),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  const note = (line: string) => {
    lines.push(line);
    if (lines.length > 40) lines.shift();
    options.log?.(line);
  };
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => chunk.split('\n').forEach(note));
  const urls = await new Promise<StackUrls>((resolve, reject) => {
    // Read until the READY line; what the stack prints after it is drained and dropped.
    let buffer: string | null = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (buffer === null) return;
      buffer += chunk;
      const ready = /^READY (.+)$/m.exec(buffer);
      if (!ready?.[1]) return;
      buffer = null;
      resolve((JSON.parse(ready[1]) as { urls: StackUrls }).urls);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`The stack exited before it was ready (${signal ?? code}):\n${lines.join('\n')}`)),
    );
  });
  return {
    urls,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}
