// Pins estimateQueue's results on seeded states of 10 to 300 orders, so that work on its speed
// cannot change a single figure. The expected values in estimate-queue.pinned.json were written
// from the repository root with
//   npx tsx -e "import { PINNED_SPECS as S, pinnedResult as r, pinnedState as s } from
//     './packages/queue/src/test-pinned-states.ts';
//     console.log(JSON.stringify(S.map((x) => r(x.name, s(x)))))" \
//     > packages/queue/src/estimate-queue.pinned.json
// then Prettier. Regenerated for issue 15 (the Monte Carlo distribution and its median replaced
// the expected-value schedule), and for issue 31 (forgotten finishes: a service far past its
// kind's 95th percentile is taken as finished; ranges rounded to the nearest minute). Regenerate them only for an intended change of the estimates.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PINNED_SPECS, pinnedResult, pinnedState } from './test-pinned-states';
import type { PinnedResult } from './test-pinned-states';

const expected = JSON.parse(
  readFileSync(new URL('./estimate-queue.pinned.json', import.meta.url), 'utf8'),
) as PinnedResult[];

describe('estimateQueue on pinned states', () => {
  it('has one pinned result per state', () => {
    expect(expected.map((e) => e.name)).toEqual(PINNED_SPECS.map((s) => s.name));
  });

  for (const spec of PINNED_SPECS) {
    it(`gives the pinned estimates: ${spec.name} (${spec.orders} orders)`, () => {
      const pinned = expected.find((e) => e.name === spec.name);
      const actual = pinnedResult(spec.name, pinnedState(spec));
      // Exact equality: the same floating-point values, in the same Map order.
      expect(actual).toEqual(pinned);
    });
  }
});
