/** The V2 upload page's route. */
export const UPLOAD_V2_PATH = '/upload-v2';
/** The upload panel's content never grows past this (section 2, V2 upload screen). */
export const UPLOAD_CONTENT_MAX_HEIGHT = 800;
