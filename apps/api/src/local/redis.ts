import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { processEnvironment } from '../config/env.ts';

export const REDIS_INSTALL_HINT =
  'redis-server is not installed. Install it with `sudo apt-get install -y redis-server` (Debian/Ubuntu) ' +
  'or `brew install redis` (macOS), or set REDIS_URL to a running Redis, or use `docker compose up`.';

function which(command: string): string | null {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() || null : null;
}

function isDebianRoot(): boolean {
  return process.getuid?.() === 0 && fs.existsSync('/etc/debian_version') && which('apt-get') !== null;
}

/**
 * Finds redis-server; on Debian/Ubuntu as root installs it with apt-get (it is not on npm), otherwise
 * stops with a message naming the install command and the alternatives.
 */
export function ensureRedisServer(log: (line: string) => void = console.log): string {
  const found = which('redis-server');
  if (found) return found;
  if (!isDebianRoot()) throw new Error(REDIS_INSTALL_HINT);
  log('redis-server is missing: installing it with apt-get (Debian package redis-server)...');
  const env = { ...processEnvironment(), DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'inherit', env });
  const installed = which('redis-server');
  if (update.status !== 0 || install.status !== 0 || !installed) {
    throw new Error(`Installing redis-server failed. ${REDIS_INSTALL_HINT}`);
  }
  return installed;
}

export async function findFreePort(preferred?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  if (preferred) {
    const port = await tryPort(preferred);
    if (port) return port;
  }
  const port = await tryPort(0);
  if (!port) throw new Error('No free TCP port on 127.0.0.1');
  return port;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.setTimeout(500);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.startsWith('+PONG'));
      }
    });
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });
}

export interface LocalRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts redis-server as a child process on 127.0.0.1 (its own port, data in `dataDir` or none),
 * waits until it answers PING. It dies with its parent: stop() on shutdown, and the child is killed
 * if the parent exits abruptly.
 */
export async function startLocalRedis(opts: { dataDir?: string; port?: number } = {}): Promise<LocalRedis> {
  const binary = ensureRedisServer();
  const port = await findFreePort(opts.port);
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'no', '--protected-mode', 'yes'];
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    args.push('--dir', opts.dataDir, '--appendonly', 'yes', '--save', '');
  } else {
    args.push('--save', '', '--appendonly', 'no');
  }
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d.toString()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const deadline = Date.now() + 10_000;
  while (!(await ping(port))) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}): ${stderr.trim()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not answer on port ${port}: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  let stopped: Promise<void> | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        process.off('exit', killOnExit);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
      return stopped;
    },
  };
}
