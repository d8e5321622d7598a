// The area's lazily loaded route module: one chunk for its screens.
export { ServiceDetailPage } from './service-detail/service-detail-page';
export { ServicesPage } from './services/services-page';
export { ReceiverReviewPage } from './review/receiver-review-page';
