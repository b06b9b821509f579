// Service titles in the customer's language for orders already made: an order keeps the titles it
// was made with (the market's language), so the history and the order's receipt look each service
// up in its shop's catalogue, which the API answers in the app's language (GET /pobs/{id}/ with
// Accept-Language), and fall back to the title kept with the order.
import { marketOfLocale, type Pob } from '@jono/contract';
import { useQueries } from '@tanstack/react-query';
import { useLocale } from '../../../lib/locale-store';
import { shopQueryOptions } from './get-shop';

export type TitleOf = (pobId: number, serviceId: number, kept: string) => string;

/** `shop id:service id` to the catalogue's title, for services and extras alike. */
export function catalogueTitles(shops: readonly Pob[]): Map<string, string> {
  const titles = new Map<string, string>();
  for (const shop of shops) {
    for (const s of shop.services) titles.set(`${shop.id}:${s.id}`, s.title);
    for (const group of shop.extra_services) {
      for (const x of group.services) titles.set(`${shop.id}:${x.id}`, x.title);
    }
  }
  return titles;
}

export function useServiceTitles(pobIds: readonly number[]): TitleOf {
  const market = marketOfLocale(useLocale());
  const shops = useQueries({
    queries: [...new Set(pobIds)].map((id) => ({
      ...shopQueryOptions(market, id),
      // Titles only: no polling of every shop in the history.
      refetchInterval: false as const,
    })),
  });
  const titles = catalogueTitles(shops.flatMap((q) => (q.data ? [q.data] : [])));
  return (pobId, serviceId, kept) => titles.get(`${pobId}:${serviceId}`) ?? kept;
}
