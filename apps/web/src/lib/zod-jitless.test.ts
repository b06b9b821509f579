import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';
import { makeZodJitless } from './zod-jitless';

describe('makeZodJitless', () => {
  it('turns on the jitless mode zod itself reads, even after zod has loaded', () => {
    config({ jitless: false });
    makeZodJitless();
    expect(config().jitless).toBe(true);
  });
});
