// Demo shops of the EE market (Estonia): real cities, real-looking coordinates and addresses.
import type { DemoShop } from '../types';

export const SHOPS: DemoShop[] = [
  {
    name: 'Jono Viru',
    city: 'Tallinn',
    address: 'Viru väljak 4',
    lat: 59.4366,
    lng: 24.7552,
    chairs: 4,
    image: true,
    hours: 'allDay',
  },
  {
    name: 'Jono Ülemiste',
    city: 'Tallinn',
    address: 'Suur-Sõjamäe 4',
    lat: 59.4225,
    lng: 24.7995,
    chairs: 3,
    image: false,
    hours: 'mall',
  },
  {
    name: 'Jono Tasku',
    city: 'Tartu',
    address: 'Turu 2',
    lat: 58.3777,
    lng: 26.7297,
    chairs: 2,
    image: true,
    hours: 'standard',
  },
];
