// Live streams hold a socket each: tens of thousands of them need a high open-file limit, and a
// reconnect storm needs a long listen backlog. Node raises its soft open-file limit to the hard
// limit by itself; this reads what the process got and warns when it is too low for that load.
import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';

/** Enough for 30,000 streams plus database connections and files. */
export const WANTED_OPEN_FILES = 65_536;

function readNumber(path: string, pattern: RegExp): number | undefined {
  try {
    const match = pattern.exec(readFileSync(path, 'utf8'));
    return match?.[1] ? Number(match[1]) : undefined;
  } catch {
    return undefined; // not Linux, or /proc not mounted
  }
}

export interface SystemLimits {
  openFiles: number | undefined;
  somaxconn: number | undefined;
}

export function systemLimits(): SystemLimits {
  return {
    openFiles: readNumber('/proc/self/limits', /^Max open files\s+(\d+)/m),
    somaxconn: readNumber('/proc/sys/net/core/somaxconn', /^(\d+)/),
  };
}

export function checkSystemLimits(log: FastifyBaseLogger, backlog: number): SystemLimits {
  const limits = systemLimits();
  if (limits.openFiles !== undefined && limits.openFiles < WANTED_OPEN_FILES) {
    log.warn(
      { openFiles: limits.openFiles, wanted: WANTED_OPEN_FILES },
      'open-file limit too low for many live streams: raise the hard limit (ulimit -Hn, systemd LimitNOFILE)',
    );
  }
  if (limits.somaxconn !== undefined && limits.somaxconn < backlog) {
    log.warn(
      { somaxconn: limits.somaxconn, backlog },
      'the kernel shortens the listen backlog: raise net.core.somaxconn (sysctl) for reconnect storms',
    );
  }
  return limits;
}
