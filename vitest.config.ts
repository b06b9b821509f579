import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run over every workspace that has unit, API or component tests.
export default defineConfig({
  test: {
    projects: ['packages/*', 'server', 'apps/*'],
    // vitest 4 runs `run` mode on all cores but one: a single worker on a 2-core machine, where the
    // suite then took 672 s (server files wait on timers, restarts and child processes for much
    // of their time). Two workers or one per core: 487 s on the same machine, 1.86 cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
