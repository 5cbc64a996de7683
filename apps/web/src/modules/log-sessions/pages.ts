/** The log pages as one lazy chunk: they share their filter bar and hooks. */
export { LogDetailPage } from './LogDetailPage';
export { LogSessionsPage } from './LogSessionsPage';
export { LogTablePage } from './LogTablePage';
