import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { waitFor } from './harness';

const MAIN = path.join(__dirname, '../main.ts');

export interface SpawnedServer {
  child: ChildProcess;
  /** Every line it printed (stdout and stderr). */
  lines: string[];
  /** Waits for a line containing `text`; fails at once when the server has exited, with its last lines. */
  saw: (text: string, ms?: number) => Promise<void>;
}

/**
 * The real server (src/main.ts through tsx) as a child process, for the tests that kill it (the
 * kill -9 tests of e-sign and workflows): `start(env)` for each run, `killAll()` after the file.
 */
export function serverSpawner() {
  const children: ChildProcess[] = [];
  function start(env: Record<string, string>): SpawnedServer {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const lines: string[] = [];
    child.stdout!.on('data', (d) => lines.push(...String(d).split('\n').filter(Boolean)));
    child.stderr!.on('data', (d) => lines.push(...String(d).split('\n').filter(Boolean)));
    let exited = false;
    child.once('exit', () => (exited = true));
    const saw = async (text: string, ms = 400_000) => {
      await waitFor(async () => {
        if (lines.some((l) => l.includes(text))) return true;
        if (exited) throw new Error('the server exited');
        return false;
      }, ms, 200).catch((err: Error) => {
        throw new Error(`${err.message}: waiting for ${text}; the server said:\n${lines.slice(-30).join('\n')}`);
      });
    };
    return { child, lines, saw };
  }
  return { start, killAll: () => children.forEach((c) => c.kill('SIGKILL')) };
}
