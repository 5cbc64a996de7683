/**
 * DICOM PS3.15 Annex E, Basic Application Level Confidentiality Profile (table E.1-1), as actions on
 * tags. The table lists the attributes the profile names; `actionFor` adds the profile's catch-all rules
 * for what the table cannot list: private attributes, person names, instance UIDs and dates or times.
 *
 *   D  replace with a dummy value       Z  empty (zero length)        X  remove
 *   K  keep                             U  replace UID consistently
 *   C  keep cleaned (the Clean Descriptors Option, `descriptors.ts`; decision 0086)
 *
 * Device and site identifiers go as the profile says (the Retain Device Identity Option is not taken):
 * HIPAA counts device identifiers and serial numbers, and an AE title names a device (decision 0086).
 */
export type Action = 'D' | 'Z' | 'X' | 'K' | 'U' | 'C';

/** Tags as 8 upper-case hex digits, the form dcmjs uses for dataset keys. */
const TABLE: Readonly<Record<string, Action>> = {
  // Patient
  '00100010': 'D', // Patient's Name: the team pseudonym
  '00100020': 'D', // Patient ID: the team pseudonym
  '00100021': 'X', // Issuer of Patient ID
  '00100030': 'Z', // Patient's Birth Date
  '00100032': 'X', // Patient's Birth Time
  '00100040': 'K', // Patient's Sex: kept, as the upload shows it (Type 2, not identifying alone)
  '00100050': 'X', // Patient's Insurance Plan Code Sequence
  '00101000': 'X', // Other Patient IDs
  '00101001': 'X', // Other Patient Names
  '00101002': 'X', // Other Patient IDs Sequence
  '00101005': 'X', // Patient's Birth Name
  '00101010': 'X', // Patient's Age
  '00101020': 'X', // Patient's Size
  '00101030': 'X', // Patient's Weight
  '00101040': 'X', // Patient's Address
  '00101050': 'X', // Insurance Plan Identification
  '00101060': 'X', // Patient's Mother's Birth Name
  '00101080': 'X', // Military Rank
  '00101081': 'X', // Branch of Service
  '00101090': 'X', // Medical Record Locator
  '00102000': 'X', // Medical Alerts
  '00102110': 'X', // Allergies
  '00102150': 'X', // Country of Residence
  '00102152': 'X', // Region of Residence
  '00102154': 'X', // Patient's Telephone Numbers
  '00102160': 'X', // Ethnic Group
  '00102180': 'X', // Occupation
  '001021A0': 'X', // Smoking Status
  '001021B0': 'X', // Additional Patient History
  '001021C0': 'X', // Pregnancy Status
  '001021D0': 'X', // Last Menstrual Date
  '001021F0': 'X', // Patient's Religious Preference
  '00102203': 'X', // Patient's Sex Neutered
  '00102297': 'X', // Responsible Person
  '00102299': 'X', // Responsible Organization
  '00104000': 'X', // Patient Comments
  '00380010': 'X', // Admission ID
  '00380300': 'X', // Current Patient Location
  '00380400': 'X', // Patient's Institution Residence
  '00380500': 'X', // Patient State
  '00384000': 'X', // Visit Comments
  // Study, visit, request
  '00080020': 'Z', // Study Date
  '00080030': 'Z', // Study Time
  '00080050': 'Z', // Accession Number
  '00080090': 'Z', // Referring Physician's Name
  '00080092': 'X', // Referring Physician's Address
  '00080094': 'X', // Referring Physician's Telephone Numbers
  '00081030': 'C', // Study Description
  '00081048': 'X', // Physician(s) of Record
  '00081050': 'X', // Performing Physician's Name
  '00081060': 'X', // Name of Physician(s) Reading Study
  '00081070': 'X', // Operators' Name
  '00081080': 'X', // Admitting Diagnoses Description
  '00081110': 'X', // Referenced Study Sequence
  '00081111': 'X', // Referenced Performed Procedure Step Sequence
  '00081120': 'X', // Referenced Patient Sequence
  '00200010': 'Z', // Study ID
  '00321032': 'X', // Requesting Physician
  '00321033': 'X', // Requesting Service
  '00321060': 'C', // Requested Procedure Description
  '00324000': 'X', // Study Comments
  '00400253': 'X', // Performed Procedure Step ID
  '00400254': 'C', // Performed Procedure Step Description
  '00400275': 'X', // Request Attributes Sequence
  '00401001': 'X', // Requested Procedure ID
  '00402016': 'X', // Placer Order Number
  '00402017': 'X', // Filler Order Number
  '00402400': 'X', // Imaging Service Request Comments
  '0040A730': 'X', // Content Sequence (structured reports)
  // Equipment, site and series
  '00080080': 'X', // Institution Name
  '00080081': 'X', // Institution Address
  '00081040': 'X', // Institutional Department Name
  '0008103E': 'C', // Series Description
  '00081072': 'X', // Operator Identification Sequence
  '00081140': 'X', // Referenced Image Sequence
  '00082111': 'C', // Derivation Description
  '00082112': 'X', // Source Image Sequence
  '00181000': 'X', // Device Serial Number
  '00181030': 'C', // Protocol Name
  '00181400': 'C', // Acquisition Device Processing Description
  '00189424': 'C', // Acquisition Protocol Description
  '00180010': 'C', // Contrast/Bolus Agent
  '00184000': 'X', // Acquisition Comments
  '00204000': 'X', // Image Comments
  '00209158': 'X', // Frame Comments
  // Device identifiers (the rows of the Retain Device Identity Option, taken as the basic profile says)
  '00080054': 'X', // Retrieve AE Title (an AE title; not in the table, removed by the AE rule too)
  '00081010': 'X', // Station Name
  '00181002': 'U', // Device UID
  '00181004': 'X', // Plate ID
  '00181005': 'X', // Generator ID
  '00181007': 'X', // Cassette ID
  '00181008': 'X', // Gantry ID
  '00181009': 'X', // Unique Device Identifier
  '0018100A': 'X', // UDI Sequence
  '0018700A': 'X', // Detector ID
  '00189367': 'X', // X-Ray Source ID
  '00189371': 'X', // X-Ray Detector ID
  '00189373': 'X', // X-Ray Detector Label
  '00160051': 'X', // Lens Serial Number
  '00203401': 'X', // Modifying Device ID
  '00321020': 'X', // Scheduled Study Location
  '00321021': 'X', // Scheduled Study Location AE Title
  '00400001': 'X', // Scheduled Station AE Title
  '00400010': 'X', // Scheduled Station Name
  '00400011': 'X', // Scheduled Procedure Step Location
  '00400241': 'X', // Performed Station AE Title
  '00400242': 'X', // Performed Station Name
  '00400243': 'X', // Performed Location
  '00404025': 'X', // Scheduled Station Name Code Sequence
  '00404027': 'X', // Scheduled Station Geographic Location Code Sequence
  '00404028': 'X', // Performed Station Name Code Sequence
  '00404030': 'X', // Performed Station Geographic Location Code Sequence
  '00500020': 'X', // Device Description
  '30080105': 'X', // Source Serial Number
  '300A00B2': 'X', // Treatment Machine Name
  '3010001B': 'X', // Device Alternate Identifier
  '3010002D': 'X', // Device Label
  '30100043': 'X', // Manufacturer's Device Identifier
  '00880140': 'X', // Storage Media File-set UID
  '00880200': 'X', // Icon Image Sequence
  '00089123': 'U', // Creator-Version UID
  '00400555': 'X', // Acquisition Context Sequence
  '0040A078': 'X', // Author Observer Sequence
  '0040A07A': 'X', // Participant Sequence
  '0040A07C': 'X', // Custodial Organization Sequence
  '0040A123': 'D', // Person Name
  '01000420': 'X', // SOP Authorization Comment
  '04000100': 'X', // Digital Signature UID
  '04000561': 'X', // Original Attributes Sequence
  FFFAFFFA: 'X', // Digital Signatures Sequence
  FFFCFFFC: 'X', // Data Set Trailing Padding
  // Identity-bearing UIDs are remapped by the UID rule below; these class UIDs are kept by it too.
};

/** Class and syntax UIDs name kinds of things, not things: kept whatever their value. */
const KEPT_UIDS = new Set([
  '00020002', // Media Storage SOP Class UID
  '00020010', // Transfer Syntax UID
  '00020012', // Implementation Class UID
  '00080016', // SOP Class UID
  '0008001A', // Related General SOP Class UID
  '0008001B', // Original Specialized SOP Class UID
  '00080062', // SOP Classes in Study
  '0008010C', // Coding Scheme UID
  '00080117', // Context UID
  '00081150', // Referenced SOP Class UID
  '00041510', // Referenced SOP Class UID in File
  '00041512', // Referenced Transfer Syntax UID in File
]);

/** UIDs defined by the standard itself (transfer syntaxes, SOP classes, coding schemes). */
const DICOM_ROOT = '1.2.840.10008.';

const DATE_TIME_VRS = new Set(['DA', 'DT', 'TM']);

export function isPrivateTag(tag: string): boolean {
  return Number.parseInt(tag.slice(3, 4), 16) % 2 === 1;
}

/** What the profile does with one attribute; `value` is its first value, for UIDs. */
export function actionFor(tag: string, vr: string, value?: unknown): Action {
  const listed = TABLE[tag];
  if (listed) return listed;
  if (isPrivateTag(tag)) return 'X';
  if (vr === 'PN') return 'Z';
  // Station AE Title (0008,0055) and any other: an AE title names a device.
  if (vr === 'AE') return 'X';
  if (vr === 'UI') {
    if (KEPT_UIDS.has(tag)) return 'K';
    return typeof value === 'string' && value.startsWith(DICOM_ROOT) ? 'K' : 'U';
  }
  // Dates and times other than the Type 2 study ones above: the profile removes them (X).
  if (DATE_TIME_VRS.has(vr)) return 'X';
  return 'K';
}

/** File meta elements that name a device or carry another's private data: the AE titles, Private Information. */
const META_REMOVED = new Set(['00020016', '00020017', '00020018', '00020100', '00020102']);

/**
 * What de-identification does with a file meta element (group 0002): its SOP Instance UID is remapped as
 * the dataset's is, the source, sending and receiving AE titles and the private information go, the rest
 * (SOP class, transfer syntax, implementation) names no one and is kept.
 */
export function metaActionFor(tag: string): Action {
  if (tag === '00020003') return 'U';
  return META_REMOVED.has(tag) ? 'X' : 'K';
}
