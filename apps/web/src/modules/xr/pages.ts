/** The XR pages as one lazy chunk: they share their hooks. */
export { XrSessionsPage } from './XrSessionsPage';
export { XrWorkersPage } from './XrWorkersPage';
