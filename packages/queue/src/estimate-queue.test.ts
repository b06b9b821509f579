import { describe, expect, it } from 'vitest';
import { estimateQueue } from './estimate-queue';
import { MINUTE, order, shop, T0 } from './test-factories';

const waits = (state: Parameters<typeof estimateQueue>[0]) =>
  Object.fromEntries(
    estimateQueue(state).serviceTimeEstimates.map((e) => [e.priority, e.wait_time]),
  );

describe('estimateQueue', () => {
  it('shows no wait for anyone when a chair is free and the queue is empty', () => {
    expect(waits(shop({ chairs: 2 }))).toEqual({ 3: 0, 2: 0, 1: 0, 0: 0 });
  });

  it('counts only what is left of a service under way', () => {
    const state = shop({
      chairs: 1,
      orders: [
        order({ id: 1, status: 'in_service', startedAt: T0 - 5 * MINUTE, plannedMinutes: 20 }),
      ],
    });
    expect(waits(state)[0]).toBe(15);
  });

  it('keeps a small floor for a service that overruns', () => {
    const state = shop({
      chairs: 1,
      orders: [
        order({ id: 1, status: 'in_service', startedAt: T0 - 45 * MINUTE, plannedMinutes: 20 }),
      ],
    });
    expect(waits(state)[0]).toBe(2);
  });

  it('puts each waiting order onto the earliest free chair', () => {
    const state = shop({
      chairs: 2,
      orders: [
        order({ id: 1, status: 'in_service', startedAt: T0 - 10 * MINUTE, plannedMinutes: 30 }),
        order({ id: 2, plannedMinutes: 10 }),
        order({ id: 3, plannedMinutes: 25 }),
        order({ id: 4, plannedMinutes: 20 }),
      ],
    });
    const { orders, serviceTimeEstimates } = estimateQueue(state);
    expect(orders.get(1)).toMatchObject({ waitMinutes: 0, position: 0 });
    expect(orders.get(2)).toMatchObject({ waitMinutes: 0, position: 1 });
    expect(orders.get(3)).toMatchObject({ waitMinutes: 10, position: 2 });
    expect(orders.get(4)).toMatchObject({ waitMinutes: 20, position: 3 });
    expect(orders.get(4)?.expectedEnd).toBe(T0 + 40 * MINUTE);
    // Chairs free at 35 (3) and 40 (4) minutes: a new customer starts at 35.
    expect(serviceTimeEstimates).toContainEqual(
      expect.objectContaining({ priority: 0, wait_time: 35 }),
    );
  });

  it('lets a new member skip the one-time customers but not other members', () => {
    const state = shop({
      chairs: 1,
      orders: [
        order({ id: 1, status: 'in_service', startedAt: T0, plannedMinutes: 10 }),
        order({ id: 2, priority: 2, plannedMinutes: 20 }),
        order({ id: 3, priority: 0, plannedMinutes: 20 }),
      ],
    });
    expect(waits(state)).toEqual({ 3: 10, 2: 30, 1: 30, 0: 50 });
  });

  it('adds the members expected to arrive during a one-time customer wait', () => {
    const orders = [
      order({ id: 1, status: 'in_service' as const, startedAt: T0, plannedMinutes: 30 }),
    ];
    // Platinum members take 1/h x 20 min = a third of the chair, all members half of it.
    const state = shop({ chairs: 1, orders, arrivalsPerHour: { 0: 6, 1: 0.5, 3: 1 } });
    const shown = waits(state);
    // Platinum members wait for the service under way only; the others also for the members
    // who arrive meanwhile: how many is random, so the range widens (the median of a Poisson
    // stream's delay is below its mean of 15 minutes).
    expect(shown[3]).toBe(30);
    expect(shown[0]).toBeGreaterThan(30);
    const ranges = estimateQueue(state).serviceTimeEstimates;
    expect(ranges[0]?.wait_range).toEqual({ low: 30, high: 30 });
    expect(ranges[1]?.wait_range?.high).toBeGreaterThan(30);
    expect(ranges[3]?.wait_range?.high).toBeGreaterThan(60);
    expect(estimateQueue({ ...state, chairs: 4 }).serviceTimeEstimates[3]?.wait_time).toBe(0);
  });

  it('shows null waits when no barber is on duty', () => {
    const state = shop({
      chairs: 0,
      orders: [order({ id: 1, status: 'in_service', startedAt: T0 }), order({ id: 2 })],
    });
    const { orders, serviceTimeEstimates } = estimateQueue(state);
    expect(serviceTimeEstimates.every((e) => e.wait_time === null)).toBe(true);
    expect(orders.get(2)).toEqual({
      waitMinutes: null,
      waitRange: null,
      model: null,
      startRange: null,
      expectedStart: null,
      expectedEnd: null,
      position: 1,
    });
    expect(orders.get(1)?.waitMinutes).toBe(0);
  });

  it('rounds waits to the nearest whole minute', () => {
    const inService = (planned: number) => [
      order({ id: 1, status: 'in_service' as const, startedAt: T0, plannedMinutes: planned }),
    ];
    expect(waits(shop({ orders: inService(10.4) }))[0]).toBe(10);
    expect(waits(shop({ orders: inService(10.6) }))[0]).toBe(11);
  });

  it('corrects planned durations with the duration model', () => {
    const state = shop({
      orders: [
        order({ id: 1, status: 'in_service', startedAt: T0, plannedMinutes: 20, serviceIds: [7] }),
      ],
      durationModel: {
        globalRatio: 1,
        serviceRatios: new Map([[7, 1.5]]),
        barberRatios: new Map(),
        residuals: [1],
        typicalPlannedMinutes: 20,
        samples: 100,
        outliers: 0,
      },
    });
    expect(waits(state)[0]).toBe(30);
  });

  it('waits for the latest services when more are under way than barbers on duty', () => {
    const state = shop({
      chairs: 1,
      orders: [
        order({ id: 1, status: 'in_service', startedAt: T0, plannedMinutes: 10 }),
        order({ id: 2, status: 'in_service', startedAt: T0, plannedMinutes: 30 }),
      ],
    });
    expect(waits(state)[0]).toBe(30);
  });

  it('lets customers at the shop go ahead of one still on the way', () => {
    const state = shop({
      chairs: 1,
      travelMinutes: 30,
      orders: [
        order({ id: 1, joinedAt: T0, rank: T0, atShop: false, plannedMinutes: 20 }),
        order({ id: 2, joinedAt: T0 + 1, rank: T0 + 1, plannedMinutes: 20 }),
      ],
    });
    const { orders, serviceTimeEstimates } = estimateQueue(state);
    expect(orders.get(2)?.waitMinutes).toBe(0);
    // Their own estimate says when their turn comes, as if they were already here.
    expect(orders.get(1)?.waitMinutes).toBe(0);
    // The chair frees at 20 before the customer on the way is expected at 30.
    expect(serviceTimeEstimates).toContainEqual(
      expect.objectContaining({ priority: 0, wait_time: 20 }),
    );
    expect(waits({ ...state, travelMinutes: undefined })[0]).toBe(40);
  });

  it('still answers when a customer on the way has no valid join time', () => {
    const state = shop({
      chairs: 1,
      travelMinutes: 30,
      orders: [
        order({ id: 1, joinedAt: Number.NaN, rank: T0, atShop: false, plannedMinutes: 20 }),
        order({ id: 2, joinedAt: T0 + 1, rank: T0 + 1, plannedMinutes: 20 }),
      ],
    });
    // Counted as at the shop: first in the queue, the next one waits for their service.
    const { orders } = estimateQueue(state);
    expect(orders.get(1)?.waitMinutes).toBe(0);
    expect(orders.get(2)?.waitMinutes).toBe(20);
    expect(waits(state)[0]).toBe(40);
  });
});
