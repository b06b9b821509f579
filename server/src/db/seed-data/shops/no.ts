// Demo shops of the NO market (Norway): real cities, real-looking coordinates and addresses.
import type { DemoShop } from '../types';

export const SHOPS: DemoShop[] = [
  {
    name: 'Jono Karl Johan',
    city: 'Oslo',
    address: 'Karl Johans gate 16',
    lat: 59.9123,
    lng: 10.7444,
    chairs: 4,
    image: true,
    hours: 'allDay',
  },
  {
    name: 'Jono Grünerløkka',
    city: 'Oslo',
    address: 'Thorvald Meyers gate 45',
    lat: 59.9234,
    lng: 10.7589,
    chairs: 3,
    image: false,
    hours: 'standard',
  },
  {
    name: 'Jono Bryggen',
    city: 'Bergen',
    address: 'Torgallmenningen 8',
    lat: 60.393,
    lng: 5.324,
    chairs: 3,
    image: true,
    hours: 'mall',
  },
];
