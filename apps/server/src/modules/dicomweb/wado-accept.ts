import { mediaTypeParameters, splitOutsideQuotes } from './multipart-related';

/** Explicit VR Little Endian: PS3.18's default for instances and uncompressed frames. */
export const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
/** `transfer-syntax=*`: the syntax the instance is stored in, whatever it is. */
export const STORED_SYNTAX = '*';

/** What a retrieve returns: whole instances, or bulk frames. */
export type PartType = 'application/dicom' | 'application/octet-stream';

/** One acceptable answer: the parts' media type and their transfer syntax (`*`: as stored). */
export interface Wanted {
  type: string;
  syntax: string;
}

/**
 * The compressed frame media types of PS3.18 (8.7.3.3.2) and the stored syntaxes each carries: frames
 * asked so are served as stored when they are of that kind (no encoder here), never transcoded.
 */
export const FRAME_MEDIA_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': [
    '1.2.840.10008.1.2.4.50',
    '1.2.840.10008.1.2.4.51',
    '1.2.840.10008.1.2.4.57',
    '1.2.840.10008.1.2.4.70',
  ],
  'image/dicom-rle': ['1.2.840.10008.1.2.5'],
  'image/x-dicom-rle': ['1.2.840.10008.1.2.5'],
  'image/jls': ['1.2.840.10008.1.2.4.80', '1.2.840.10008.1.2.4.81'],
  'image/x-jls': ['1.2.840.10008.1.2.4.80', '1.2.840.10008.1.2.4.81'],
  'image/jp2': ['1.2.840.10008.1.2.4.90', '1.2.840.10008.1.2.4.91'],
  'image/jphc': ['1.2.840.10008.1.2.4.201', '1.2.840.10008.1.2.4.202', '1.2.840.10008.1.2.4.203'],
};

/**
 * What an Accept header allows for parts of `part` (PS3.18 8.7.3), most preferred first: the part type
 * with a `transfer-syntax` parameter's value (`*` for the stored one), else Explicit VR Little Endian;
 * for frames also the compressed image types. Ranges with q=0 are left out. An empty list: nothing the
 * header allows is a multipart of `part` (406).
 */
export function acceptedSyntaxes(accept: string | undefined, part: PartType): Wanted[] {
  if (!accept || accept.trim() === '') return [{ type: part, syntax: EXPLICIT_VR_LITTLE_ENDIAN }];
  const ranked: (Wanted & { q: number; order: number })[] = [];
  splitOutsideQuotes(accept, ',').forEach((range, order) => {
    const { type, params } = mediaTypeParameters(range);
    const q = params.q === undefined ? 1 : Number(params.q);
    if (!(q > 0)) return;
    if (type !== '*/*' && type !== 'multipart/*' && type !== 'multipart/related') return;
    const partType = (params.type ?? '').toLowerCase();
    const syntax = params['transfer-syntax'];
    // A bare */* or multipart range asks for no particular syntax: the default.
    if (partType === '') ranked.push({ type: part, syntax: EXPLICIT_VR_LITTLE_ENDIAN, q, order });
    else if (partType === part)
      ranked.push({ type: part, syntax: syntax || EXPLICIT_VR_LITTLE_ENDIAN, q, order });
    else if (part === 'application/octet-stream' && partType in FRAME_MEDIA_TYPES)
      ranked.push({ type: partType, syntax: syntax || STORED_SYNTAX, q, order });
  });
  ranked.sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked.map(({ type, syntax }) => ({ type, syntax }));
}

/** The media types a rendered resource may be asked as (PS3.18 8.3.5.1), PNG when the header allows any. */
export type RenderedType = 'image/png' | 'image/jpeg';

/** The rendered media type an Accept header prefers, or null when it allows neither (406). */
export function acceptedRendered(accept: string | undefined): RenderedType | null {
  if (!accept || accept.trim() === '') return 'image/png';
  const ranked: { type: RenderedType; q: number; order: number }[] = [];
  splitOutsideQuotes(accept, ',').forEach((range, order) => {
    const { type, params } = mediaTypeParameters(range);
    const q = params.q === undefined ? 1 : Number(params.q);
    if (!(q > 0)) return;
    // multipart/related; type="image/jpeg" is how study and series rendered resources are asked for.
    const wanted = type === 'multipart/related' ? (params.type ?? '*/*').toLowerCase() : type;
    if (wanted === 'image/png' || wanted === 'image/jpeg') ranked.push({ type: wanted, q, order });
    else if (wanted === '*/*' || wanted === 'image/*') ranked.push({ type: 'image/png', q, order });
  });
  ranked.sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked[0]?.type ?? null;
}
