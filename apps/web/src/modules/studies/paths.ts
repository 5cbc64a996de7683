/** The organize panel of a study (upload-and-organize.md section 2). */
export const organizePath = (uuid: string) => `/serie/organize/${uuid}`;

export const STUDIES_PATH = '/studies-v2';
