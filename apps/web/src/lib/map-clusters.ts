// Markers that would cover one another on the screen are gathered into one: a marker under
// another cannot be tapped (seven Helsinki shops drew one pile at the zoom that fits Finland).
// Greedy and in the given order: each point joins the first group whose first point is nearer
// than `radius` pixels on both axes (a marker, or a marker with its name beside it), else starts
// a group.

export interface ScreenPoint {
  x: number;
  y: number;
}

export function clusterByDistance<T>(
  items: readonly { item: T; at: ScreenPoint }[],
  radius: { x: number; y: number },
): T[][] {
  const groups: { at: ScreenPoint; items: T[] }[] = [];
  for (const { item, at } of items) {
    const near = groups.find(
      (g) => Math.abs(g.at.x - at.x) < radius.x && Math.abs(g.at.y - at.y) < radius.y,
    );
    if (near) near.items.push(item);
    else groups.push({ at, items: [item] });
  }
  return groups.map((g) => g.items);
}

/**
 * The first zoom, from `from` up to `max`, at which the point nearest to `focus` stands alone
 * (no other point within `radius` pixels on both axes): without map tiles, names beside the
 * markers need room, and a first view of piles ("9 barbershops") would help no one.
 * `project(point, zoom)` gives a point's pixel position at a zoom.
 */
export function firstZoomApart<P>(
  points: readonly P[],
  focus: P,
  from: number,
  max: number,
  project: (point: P, zoom: number) => ScreenPoint,
  radius: { x: number; y: number },
): number {
  if (points.length < 2) return from;
  const at = (p: P) => project(p, from);
  const f = at(focus);
  const distance = (p: P) => Math.hypot(at(p).x - f.x, at(p).y - f.y);
  const nearest = points.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  for (let zoom = from; zoom < max; zoom++) {
    const n = project(nearest, zoom);
    const crowded = points.some((p) => {
      if (p === nearest) return false;
      const q = project(p, zoom);
      return Math.abs(q.x - n.x) < radius.x && Math.abs(q.y - n.y) < radius.y;
    });
    if (!crowded) return zoom;
  }
  return max;
}
