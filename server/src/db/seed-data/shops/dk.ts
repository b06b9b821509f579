// Demo shops of the DK market (Denmark): real cities, real-looking coordinates and addresses.
import type { DemoShop } from '../types';

export const SHOPS: DemoShop[] = [
  {
    name: 'Jono Strøget',
    city: 'København',
    address: 'Frederiksberggade 24',
    lat: 55.6772,
    lng: 12.5713,
    chairs: 4,
    image: true,
    hours: 'allDay',
  },
  {
    name: 'Jono Nørrebro',
    city: 'København',
    address: 'Nørrebrogade 52',
    lat: 55.6889,
    lng: 12.5559,
    chairs: 3,
    image: false,
    hours: 'standard',
  },
  {
    name: 'Jono Bruun',
    city: 'Aarhus',
    address: 'M.P. Bruuns Gade 25',
    lat: 56.1496,
    lng: 10.2045,
    chairs: 2,
    image: true,
    hours: 'mall',
  },
];
