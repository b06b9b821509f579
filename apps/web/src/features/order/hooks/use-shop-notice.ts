// The shop's notice: once a session per shop, shown after 1000 ms for 5000 ms.
import { useEffect, useState } from 'react';
import { SHOP_NOTICE_DELAY_MS, SHOP_NOTICE_DURATION_MS } from '@jono/contract';

const key = (shopId: number) => `jono.shop-notice.${shopId}`;

function seenThisSession(shopId: number): boolean {
  try {
    return sessionStorage.getItem(key(shopId)) === '1';
  } catch {
    return false;
  }
}

export function useShopNotice(shopId: number, notice: string | null | undefined): string | null {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!notice) return;
    if (seenThisSession(shopId)) return;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const show = setTimeout(() => {
      try {
        sessionStorage.setItem(key(shopId), '1');
      } catch {
        // Without session storage the notice may show again; harmless.
      }
      setVisible(true);
      hide = setTimeout(() => setVisible(false), SHOP_NOTICE_DURATION_MS);
    }, SHOP_NOTICE_DELAY_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [shopId, notice]);
  return visible && notice ? notice : null;
}
