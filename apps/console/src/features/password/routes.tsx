// The area's lazily loaded route module: one chunk for its screens.
import '../../shared/ui/all-styles';
export { EnrolmentPage } from './enrolment-page';
export { ResetPasswordPage } from './reset-password-page';
