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
