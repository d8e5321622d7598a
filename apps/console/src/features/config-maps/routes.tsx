// The area's lazily loaded route module: the maps list (its other screens load on their own).
export { MapsPage } from './maps/maps-page';
