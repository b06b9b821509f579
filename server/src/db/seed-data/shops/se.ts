// Demo shops of the SE market (Sweden): real cities, real-looking coordinates and addresses.
import type { DemoShop } from '../types';

export const SHOPS: DemoShop[] = [
  {
    name: 'Jono Drottninggatan',
    city: 'Stockholm',
    address: 'Drottninggatan 53',
    lat: 59.3346,
    lng: 18.0632,
    chairs: 5,
    image: true,
    hours: 'allDay',
  },
  {
    name: 'Jono Södermalm',
    city: 'Stockholm',
    address: 'Götgatan 36',
    lat: 59.315,
    lng: 18.072,
    chairs: 3,
    image: false,
    hours: 'standard',
  },
  {
    name: 'Jono Nordstan',
    city: 'Göteborg',
    address: 'Nordstadstorget 1',
    lat: 57.7089,
    lng: 11.969,
    chairs: 3,
    image: true,
    hours: 'mall',
  },
];
