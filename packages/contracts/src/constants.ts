/** Business constants shared by server and web (teams-and-account.md section 9). */
export const STORAGE_KEYS = {
  favorite: 'favorite',
  permissionVersion: 'permission-version',
  userPermissions: 'user_permissions',
  lastOpenStudyUuid: 'lastOpenStudyUuid',
  appVersion: 'APP_VERSION',
  authToken: 'voxa_token',
  /** The annotator's choices of one user, under `annotator-preferences:{user id}` (decisions 0096, 0097). */
  annotatorPreferences: 'annotator-preferences',
} as const;

/** Name of the auth cookie, valid on the base domain and every team sub-domain. */
export const AUTH_COOKIE = 'voxa_token';

export const INVITATION_FORM = { initialRows: 3, minRows: 2 } as const;
export const NOTIFICATION_PAGE_SIZE = 10;
/** The notification dropdown's largest size, in px; it scrolls beyond. */
export const NOTIFICATION_LIST_SIZE = { width: 460, height: 600 } as const;
export const STUDIES_PAGE_SIZE = 15;
export const UPLOAD_HISTORY_PAGE_SIZE = 30;
/** The team's segmentations page: as the studies list. */
export const SEGMENTATIONS_PAGE_SIZE = 15;
export const BREAKPOINTS = { xs: 576, sm: 768, md: 992, lg: 1200, xl: 1400 } as const;
export const DATE_DISPLAY_FORMAT = 'DD.MM.YYYY HH:mm:ss';
export const DATE_SERVER_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DEFAULT_LABEL_COLOR = '#0043de';
export const RELOAD_GUARD_MS = 60_000;
/** The annotator redraws its canvas this long after its size last changed (spec 9). */
export const CANVAS_REDRAW_DEBOUNCE_MS = 2000;
export const PERMISSION_ROUTE_RETRIES = 25;
export const PERMISSION_ROUTE_RETRY_MS = 500;
export const PERMISSION_SIDEBAR_POLL_MS = 200;
/**
 * The bar at the top of the page while a page's code loads: shown once loading has taken `throttleMs`,
 * filling over `durationMs` (it waits at 90% until the page is there).
 */
export const PROGRESS_BAR = { durationMs: 5000, throttleMs: 200 } as const;
/**
 * The sidebar's pages have their code loaded once the browser is idle, at the latest this long after
 * the links show (spec 9's prefetch idle timeout), so opening one waits for no code (decision 0080).
 */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
/** The performance mark set when that prefetch starts: what loads before it is the page's first load. */
export const PREFETCH_MARK = 'voxa:prefetch';
/** How long 'Copied' shows after a copy to the clipboard. */
export const COPIED_MESSAGE_MS = 2000;
export const RIGHT_PANEL_WIDTH = 750;
export const SIDEBAR_WIDTH = 240;
export const MODAL_MAX_WIDTH = 800;

/** Spec texts shown verbatim. */
export const MESSAGES = {
  notFound: 'This page could not be found',
  backHome: 'Back to the home page',
  renderError: 'An error occurred while rendering the page.',
  duplicateEmail: 'Duplicate email',
  atLeastOneMember: 'At least one member is required',
  notAuthorized: 'Not authorized',
  tooManyLogins: 'Too many login attempts. Please wait a minute and try again.',
  tooManyAccountLogins:
    'Too many login attempts for this account. Please try again later, or reset your password.',
  maintenance: 'Voxa is down for maintenance. Please try again shortly.',
  verifyFirst: 'Verify your e-mail address first.',
} as const;
