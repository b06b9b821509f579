import { describe, expect, it } from 'vitest';
import { STAGES, trackingStage } from './tracking-stage';

describe('the stage of the journey', () => {
  it('follows the order from the queue to the chair and out', () => {
    expect(trackingStage({ status: 'active', customer_at_pob: false })).toBe('waiting');
    expect(trackingStage({ status: 'active', customer_at_pob: true })).toBe('checkedIn');
    expect(trackingStage({ status: 'active', customer_at_pob: true, in_service: true })).toBe(
      'inService',
    );
    expect(trackingStage({ status: 'serviced', customer_at_pob: true })).toBe('serviced');
    expect(trackingStage({ status: 'noShow', customer_at_pob: false })).toBe('noShow');
    expect(trackingStage(undefined)).toBe('unknown');
  });

  it('offers leaving only before the chair and the wait only while waiting', () => {
    expect(STAGES.inService).toMatchObject({ leave: false, showsWait: false, promotion: false });
    expect(STAGES.serviced).toMatchObject({
      showsWait: false,
      promotion: false,
      backToShops: true,
    });
    expect(STAGES.waiting).toMatchObject({ leave: true, checkIn: true, showsWait: true });
  });
});
