// The in-app path history, for the back button: the previous path, unless it was a screen the
// back button must not return to (register, recovery), in which case the fallback is used.
const visited: string[] = [];
const SKIP_BACK_TO = ['/register', '/recovery'];

export function recordVisit(pathname: string): void {
  if (visited[visited.length - 1] !== pathname) visited.push(pathname);
  if (visited.length > 50) visited.shift();
}

/** Where back goes: 'history' to step back, or the fallback path. */
export function backTarget(fallback: string): { kind: 'history' } | { kind: 'path'; path: string } {
  const previous = visited[visited.length - 2];
  if (!previous || SKIP_BACK_TO.some((p) => previous.startsWith(p))) {
    return { kind: 'path', path: fallback };
  }
  return { kind: 'history' };
}

export function resetHistory(): void {
  visited.length = 0;
}
