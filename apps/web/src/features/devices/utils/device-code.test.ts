import { describe, expect, it } from 'vitest';
import { marketOfCode, storeCode, storedCode } from './device-code';

describe('device codes', () => {
  it('reads the market from the prefix, in any case', () => {
    expect(marketOfCode('FI-7KQ3-M9PX-2HTB')).toBe('fi');
    expect(marketOfCode(' se-7kq3-m9px-2htb')).toBe('se');
    expect(marketOfCode('US-7KQ3')).toBeNull();
    expect(marketOfCode('')).toBeNull();
  });

  it('keeps one code per kind and shop, and forgets it', () => {
    storeCode('display', 3, 'FI-AAAA-BBBB-CCCC');
    expect(storedCode('display', 3)).toBe('FI-AAAA-BBBB-CCCC');
    expect(storedCode('kiosk', 3)).toBeNull();
    expect(storedCode('display', 4)).toBeNull();
    storeCode('display', 3, null);
    expect(storedCode('display', 3)).toBeNull();
  });
});
