import { describe, expect, it } from 'vitest';
import {
  createOrderAnswerSchema,
  pobEventSchema,
  pobListSchema,
  pobSchema,
  profileSchema,
  refreshAnswerSchema,
  type Pob,
  type PobSummary,
} from '@jono/contract';
import { makeProfile, makeShop } from '@jono/test-kit';
import { profileAnswer, refreshAnswer, shopListAnswer } from './answer-guards';
import { createOrderAnswer, shopAnswer, shopEventAnswer } from './shop-answer-guards';

/** The shop list's summary of a shop: the shop without its service catalogue. */
function summary(overrides: Partial<Pob> = {}) {
  const { service_groups: _g, services: _s, extra_services: _e, ...rest } = makeShop(overrides);
  return rest;
}

const member = makeProfile({
  active_order_id: 7,
  email: 'a@b.fi',
  membership: {
    type: 'gold',
    priority: 3,
    begin_date: '2026-01-01',
    end_date: '2026-12-31',
    credits: 2,
    wp_prem_credits: 0,
    wp_prod_credits: 1,
  },
  bonus: {
    amount: 12.5,
    expirationDate: null,
    benefits: [
      {
        id: 1,
        title: 'Coffee',
        value: '10 %',
        isRedeemable: true,
        redeemCode: null,
        dateIssued: '2026-05-01',
        dateRedeemed: null,
      },
    ],
  },
});

/** A named barber (issue 30), off duty until later today, with their own waits. */
const barber = {
  id: 4,
  first_name: 'Aino',
  photo: '/media/barbers/4.jpg',
  languages: ['fi', 'en'],
  specialities: 'Skin fades',
  on_duty: false,
  next_shift_at: '2026-11-26T12:00:00.000Z',
  due_since: null,
  service_time_estimates: [{ priority: 0, wait_time: 30, wait_range: { low: 20, high: 45 } }],
};

/** Every way to break one value: wrong types, out-of-range and fractional numbers, absence. */
const BREAKS: unknown[] = [
  undefined,
  null,
  '',
  'x',
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 60,
  true,
  false,
  [],
  {},
];

/** The answer with the value at each path in turn replaced by each break (and the key removed). */
function* mutations(value: unknown, path: string[] = []): Generator<[string, unknown]> {
  if (value === null || typeof value !== 'object') return;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value);
  for (const [key, child] of entries) {
    const at = [...path, key].join('.');
    for (const replacement of BREAKS) {
      const copy: unknown = Array.isArray(value) ? [...value] : { ...value };
      (copy as Record<string, unknown>)[key] = replacement;
      yield [`${at} = ${String(replacement)}`, copy];
    }
    if (!Array.isArray(value)) {
      const { [key]: _removed, ...rest } = value as Record<string, unknown>;
      yield [`${at} removed`, rest];
    }
    for (const [name, inner] of mutations(child, [...path, key])) {
      const copy: unknown = Array.isArray(value) ? [...value] : { ...value };
      (copy as Record<string, unknown>)[key] = inner;
      yield [name, copy];
    }
  }
}

interface Pair {
  name: string;
  guard: { safeParse(input: unknown): { success: boolean } };
  schema: { safeParse(input: unknown): { success: boolean } };
  valid: unknown[];
  broken: unknown[];
}

const pairs: Pair[] = [
  {
    name: 'shop list',
    guard: shopListAnswer,
    schema: pobListSchema,
    valid: [
      [],
      [summary()],
      [
        summary({ image: '/media/1.jpg', notice: 'Closed on Friday', service_time_estimates: [] }),
        summary({ id: 2, queue_state: 'full', open: false, open_times: [] }),
      ],
      // Unknown fields are ignored, as zod's objects do.
      [{ ...summary(), extra: 1 }],
    ],
    broken: [
      null,
      {},
      'shops',
      [null],
      [summary({ image: true as unknown as false })],
      [summary({ queue_state: 'busy' as 'open' })],
      [summary({ open_times: [{ weekday: 8, open: '09:00', close: '17:00' }] })],
      [
        summary({
          service_time_estimates: [{ priority: 0, wait_time: -5, wait_range: { low: 0, high: 1 } }],
        }),
      ],
      [
        summary({
          service_time_estimates: [{ priority: 0, wait_time: 5, wait_range: { low: 9, high: 4 } }],
        }),
      ],
      [
        summary({
          service_time_estimates: [
            { priority: 0, wait_time: 5 },
          ] as PobSummary['service_time_estimates'],
        }),
      ],
      [summary(), { ...summary(), location: { latitude: 60.1, longitude: 24.9 } }],
    ],
  },
  {
    name: 'shop with its catalogue',
    guard: shopAnswer,
    schema: pobSchema,
    valid: [
      makeShop(),
      makeShop({ service_groups: [], services: [], extra_services: [] }),
      makeShop({ barbers: [barber, { ...barber, id: 5, photo: null, on_duty: true }] }),
    ],
    broken: [
      null,
      [makeShop()],
      summary(),
      makeShop({
        services: [{ ...(makeShop().services[0] as Pob['services'][number]), price: -1 }],
      }),
      makeShop({ extra_services: [{ service_id: 1, services: [{ id: 9 }] as never }] }),
    ],
  },
  {
    name: 'shop event',
    guard: shopEventAnswer,
    schema: pobEventSchema,
    valid: [
      {
        id: 5,
        open: true,
        closing_soon: false,
        queue_state: 'open',
        queue_info: { queue_employees: 2 },
        service_time_estimates: [{ priority: 0, wait_time: 12, wait_range: { low: 8, high: 20 } }],
      },
      {
        id: 5,
        open: true,
        closing_soon: false,
        queue_state: 'open',
        queue_info: { queue_employees: 2 },
        service_time_estimates: [],
        barbers: [barber],
      },
    ],
    broken: [
      null,
      { id: 5 },
      summary({ queue_state: 'busy' as 'open' }),
      { ...summary(), barbers: [{ ...barber, languages: 'fi' }] },
    ],
  },
  {
    name: 'order creation answer',
    guard: createOrderAnswer,
    schema: createOrderAnswerSchema,
    valid: [{ id: 12 }],
    broken: [null, {}, { id: '12' }, { id: 1.5 }],
  },
  {
    name: 'profile',
    guard: profileAnswer,
    schema: profileSchema,
    valid: [makeProfile(), member, { ...member, unknown: 'ignored' }],
    broken: [
      null,
      [],
      makeProfile({ app_language: 'fi' as 'fi_FI' }),
      makeProfile({ active_order_id: '7' as unknown as number }),
      { ...member, membership: { ...member.membership, type: 'bronze' } },
      { ...member, bonus: { ...member.bonus, benefits: [{ id: 1 }] } },
    ],
  },
  {
    name: 'refresh answer',
    guard: refreshAnswer,
    schema: refreshAnswerSchema,
    valid: [{ customer_id: 42, access_token: 'a', refresh_token: 'r' }],
    broken: [
      { customer_id: '42', access_token: 'a', refresh_token: 'r' },
      { customer_id: 42, access_token: 'a' },
      [{ customer_id: 42, access_token: 'a', refresh_token: 'r' }],
    ],
  },
];

describe.each(pairs)('the hand-written check of the $name', ({ guard, schema, valid, broken }) => {
  it('accepts the valid answers the contract accepts', () => {
    for (const answer of valid) {
      expect(schema.safeParse(answer).success).toBe(true);
      expect(guard.safeParse(answer).success).toBe(true);
    }
  });

  it('refuses the broken answers the contract refuses', () => {
    for (const answer of broken) {
      expect(schema.safeParse(answer).success).toBe(false);
      expect(guard.safeParse(answer).success).toBe(false);
    }
  });

  it('agrees with the contract on every field of a valid answer broken in every way', () => {
    const disagreements: string[] = [];
    let refused = 0;
    for (const answer of valid) {
      for (const [name, mutated] of mutations(answer)) {
        const expected = schema.safeParse(mutated).success;
        if (!expected) refused += 1;
        if (guard.safeParse(mutated).success !== expected) {
          disagreements.push(`${name}: contract ${expected ? 'accepts' : 'refuses'}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(refused).toBeGreaterThan(0);
  });
});
