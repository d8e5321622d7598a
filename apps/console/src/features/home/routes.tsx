// The area's lazily loaded route module: one chunk for its screens.
export { HomePage } from './home-page';
