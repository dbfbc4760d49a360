import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const KEPT_LINES = 40;
/** Linux reports CPU time in clock ticks of 10 ms (USER_HZ is 100 on every mainstream build). */
const CLOCK_TICK_MS = 10;

/** A process the bench started in its own process group, with the tail of its output kept. */
export class Child {
  readonly name: string;
  private readonly process: ChildProcess;
  private readonly output: string[] = [];
  readonly exited: Promise<number | null>;
  private done = false;

  constructor(name: string, process: ChildProcess) {
    this.name = name;
    this.process = process;
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        this.output.push(line);
        if (this.output.length > KEPT_LINES) this.output.shift();
      }
    };
    process.stdout?.on('data', keep);
    process.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      process.once('exit', (code) => {
        this.done = true;
        resolve(code);
      });
      process.once('error', (error) => {
        this.output.push(String(error));
        this.done = true;
        resolve(null);
      });
    });
  }

  get running(): boolean {
    return !this.done;
  }

  /**
   * CPU time (user + system, ms) used so far by the processes of the child's group (tsx and the
   * script it runs), from Linux's /proc; null where there is none.
   */
  cpuMs(): number | null {
    const members = groupMembers(this.process.pid);
    if (members === null) return null;
    return members.reduce((sum, member) => sum + member.cpuTicks, 0) * CLOCK_TICK_MS;
  }

  /**
   * Resident memory (bytes) of the process that runs the script, from Linux's /proc: tsx starts
   * node as a child in the same process group, so the group member whose parent is the group's
   * leader (or the leader itself, where it has no such child); null where there is no /proc or
   * the group is gone.
   */
  scriptRssBytes(): number | null {
    const group = this.process.pid;
    const members = groupMembers(group) ?? [];
    const script =
      members.find((member) => member.ppid === group) ??
      members.find((member) => member.pid === group);
    return script ? rssBytesOf(script.pid) : null;
  }

  /** The process id of the group's leader (tsx); undefined when it never started. */
  get pid(): number | undefined {
    return this.process.pid;
  }

  /** Ids of the processes still in the child's group (tsx and the node it runs), from /proc. */
  groupPids(): number[] {
    // A killed process stays a zombie (state Z) until its parent reaps it: it is gone.
    return (groupMembers(this.process.pid) ?? [])
      .filter((member) => member.state !== 'Z')
      .map((member) => member.pid);
  }

  /** The last lines the process printed, for error messages. */
  tail(): string {
    return this.output.map((line) => `    | ${line}`).join('\n');
  }

  /** Sends a signal to the whole process group (tsx runs the script in a child of its own). */
  signal(signal: NodeJS.Signals): void {
    const pid = this.process.pid;
    if (pid === undefined || this.done) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }

  /** SIGTERM, then SIGKILL if the group is still there after `graceMs`. */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.done) return;
    this.signal('SIGTERM');
    const exited = await Promise.race([this.exited.then(() => true), sleep(graceMs, false)]);
    if (!exited) {
      this.signal('SIGKILL');
      await Promise.race([this.exited, sleep(1_000)]);
    }
  }
}

/** VmRSS of process `pid` in bytes, from /proc/<pid>/status; null when it is gone. */
interface GroupMember {
  pid: number;
  ppid: number;
  state: string;
  /** User plus system CPU time, in clock ticks. */
  cpuTicks: number;
}

/** The processes of process group `group`, from Linux's /proc; null where there is none. */
function groupMembers(group: number | undefined): GroupMember[] | null {
  if (group === undefined || !existsSync('/proc/self/stat')) return null;
  const members: GroupMember[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command (which may hold spaces): state, ppid, pgrp, ... utime, stime.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group) continue;
      members.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        state: fields[0] ?? '',
        cpuTicks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended meanwhile.
    }
  }
  return members;
}

function rssBytesOf(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The tsx binary of the workspace: the nearest `node_modules/.bin/tsx` up from `dir`. */
export function findTsx(dir: string): string {
  let current = path.resolve(dir);
  for (;;) {
    const candidate = path.join(current, 'node_modules', '.bin', 'tsx');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(current);
    if (parent === current) throw new Error(`no node_modules/.bin/tsx above ${dir}`);
    current = parent;
  }
}

/** Runs `tsx script ...args` in `cwd` as a detached process group. */
export function startTsx(
  name: string,
  options: { tsx: string; cwd: string; script: string; args?: string[]; env: NodeJS.ProcessEnv },
): Child {
  const child = spawn(options.tsx, [options.script, ...(options.args ?? [])], {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Child(name, child);
}

/** Runs `node ...args` (e.g. a bundle of the server) in `cwd` as a detached process group. */
export function startNode(
  name: string,
  options: { cwd: string; args: string[]; env: NodeJS.ProcessEnv },
): Child {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Child(name, child);
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

/** Polls `url` until it answers 2xx; fails when the child exits first or `timeoutMs` passes. */
export async function waitUntilAnswering(child: Child, url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child.running) {
      throw new Error(`${child.name} exited before answering ${url}\n${child.tail()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms\n${child.tail()}`);
}

/** Waits for a one-shot child (e.g. the seed) and fails unless it exits 0. */
export async function expectSuccess(child: Child): Promise<void> {
  const code = await child.exited;
  if (code !== 0) throw new Error(`${child.name} exited with ${code}\n${child.tail()}`);
}
