// The area's lazily loaded route module: one chunk for its screens.
export { ReviewsPage } from './inbox/reviews-page';
