import { readFileSync } from 'node:fs';

// Processes the test scripts started, known by the pid in a pidfile (no setup: any script may import it).

/** The pid a pidfile holds, or null when there is none. */
export function pidOf(pidfile: string): number | null {
  try {
    const pid = Number(readFileSync(pidfile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether the process still runs (a null pid never does). */
export function alive(pid: number | null): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resident memory of a process in MiB (VmRSS), or null once it is gone. */
export function rssMiB(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}
