import { describe, expect, it } from 'vitest';
import { mayServe, nextForBarber, nextPerChair, type TiedOrderFacts } from './barber-eligibility';
import { chairStates, decide } from './state-model';

const order = (id: number, wantsBarberId: number | null, over: Partial<TiedOrderFacts> = {}) => ({
  id,
  status: 'active' as const,
  priority: 0,
  rank: id,
  atShop: true,
  startedAt: null,
  chair: null,
  deferredUntil: null,
  heldUntil: null,
  arrivesAt: null,
  wantsBarberId,
  ...over,
});

describe("who may sit in a barber's chair", () => {
  it('a tied customer only with their barber, a free one with anyone', () => {
    expect(mayServe({ wantsBarberId: 7 }, 7)).toBe(true);
    expect(mayServe({ wantsBarberId: 7 }, 8)).toBe(false);
    expect(mayServe({ wantsBarberId: null }, 8)).toBe(true);
  });

  it("Start on a barber's chair takes the first of theirs or free, in queue order", () => {
    const queue = [order(1, 9), order(2, null), order(3, 7)];
    expect(nextForBarber(queue, 7, 0)?.id).toBe(2);
    expect(nextForBarber([order(1, 9), order(3, 7)], 7, 0)?.id).toBe(3);
    expect(nextForBarber([order(1, 9)], 7, 0)).toBeNull();
  });

  it('free chairs: a tied customer waits for their own barber; a free one leaves it to them', () => {
    const next = nextPerChair(
      [
        { chair: 1, barberId: 7 },
        { chair: 2, barberId: 8 },
      ],
      [order(1, null), order(2, 7)],
      0,
    );
    // The free customer takes Eetu's chair (8): Aino's (7) own customer is waiting to sit.
    expect(next.get(2)?.id).toBe(1);
    expect(next.get(1)?.id).toBe(2);
    // A tied customer whose barber's chair is busy takes no other chair.
    const busy = nextPerChair([{ chair: 2, barberId: 8 }], [order(2, 7)], 0);
    expect(busy.get(2)).toBeNull();
  });

  it('customers who cannot sit now (not here, deferred) are passed over', () => {
    const away = order(1, null, { atShop: false });
    expect(nextForBarber([away, order(2, null)], 7, 0)?.id).toBe(2);
  });
});

describe('chairs on duty as the chairs barbers hold (state-model.ts)', () => {
  it('a busy chair no barber holds drains; a start there is refused', () => {
    const seated = order(5, null, { startedAt: 0, chair: 3 });
    const { chairs } = chairStates([2, 4], [seated]);
    expect(chairs.map((c) => [c.chair, c.state])).toEqual([
      [2, 'free'],
      [4, 'free'],
      [3, 'draining'],
    ]);
    const waiting = order(6, null);
    const shop = { onDuty: [2, 4], orders: [seated, waiting], now: 0 };
    expect(decide(waiting, { type: 'start', chair: 3 }, shop)).toEqual({
      ok: false,
      refusal: 'chair_off_duty',
    });
    expect(decide(waiting, { type: 'start' }, shop)).toEqual({ ok: true, chair: 2 });
  });
});
