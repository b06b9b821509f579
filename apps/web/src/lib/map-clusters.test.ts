import { describe, expect, it } from 'vitest';
import { clusterByDistance, firstZoomApart } from './map-clusters';

const at = (x: number, y: number) => ({ x, y });

describe('clusterByDistance', () => {
  it('gathers markers that would cover one another and leaves the others alone', () => {
    const groups = clusterByDistance(
      [
        { item: 'Kamppi', at: at(223, 671) },
        { item: 'Oulu', at: at(248, 192) },
        { item: 'Kallio', at: at(224, 669) },
        { item: 'Itis', at: at(230, 667) },
        { item: 'Tampere', at: at(170, 546) },
      ],
      { x: 44, y: 44 },
    );
    expect(groups).toEqual([['Kamppi', 'Kallio', 'Itis'], ['Oulu'], ['Tampere']]);
  });

  it('keeps markers a marker apart on either axis separate', () => {
    expect(
      clusterByDistance(
        [
          { item: 1, at: at(0, 0) },
          { item: 2, at: at(44, 0) },
          { item: 3, at: at(0, 44) },
        ],
        { x: 44, y: 44 },
      ),
    ).toEqual([[1], [2], [3]]);
  });

  it('keeps names shown beside the markers apart too, with a wider reach across', () => {
    const items = [
      { item: 'Jumbo', at: at(208, 358) },
      { item: 'Tikkurila', at: at(268, 359) },
    ];
    expect(clusterByDistance(items, { x: 44, y: 44 })).toEqual([['Jumbo'], ['Tikkurila']]);
    expect(clusterByDistance(items, { x: 160, y: 64 })).toEqual([['Jumbo', 'Tikkurila']]);
  });
});

describe('the first zoom at which the nearest shop stands apart', () => {
  // A projection that doubles distances with each zoom level, as Web Mercator does.
  const project = (p: { x: number; y: number }, zoom: number) => ({
    x: p.x * 2 ** zoom,
    y: p.y * 2 ** zoom,
  });
  const shops = [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 100, y: 100 },
  ];

  it('zooms in until the shop nearest the customer has room for its name', () => {
    // 1 unit apart: 160 px apart from zoom 8 (2^8 = 256 >= 160; 128 < 160 at zoom 7).
    expect(firstZoomApart(shops, { x: 0, y: 0 }, 2, 18, project, { x: 160, y: 66 })).toBe(8);
  });

  it('keeps the first zoom when the nearest shop is already apart, and stops at the deepest', () => {
    expect(firstZoomApart(shops, { x: 100, y: 100 }, 2, 18, project, { x: 160, y: 66 })).toBe(2);
    expect(firstZoomApart(shops, { x: 0, y: 0 }, 2, 5, project, { x: 160, y: 66 })).toBe(5);
  });
});
