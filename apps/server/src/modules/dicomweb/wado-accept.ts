import { mediaTypeParameters, splitOutsideQuotes } from './multipart-related';

/** Explicit VR Little Endian: PS3.18's default for instances and uncompressed frames. */
export const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
/** `transfer-syntax=*`: the syntax the instance is stored in, whatever it is. */
export const STORED_SYNTAX = '*';

/** What a retrieve returns: whole instances, or bulk frames. */
export type PartType = 'application/dicom' | 'application/octet-stream';

/**
 * The transfer syntaxes an Accept header allows for parts of `part` (PS3.18 8.7.3), most preferred
 * first: a `transfer-syntax` parameter's value (`*` for the stored one), else Explicit VR Little Endian.
 * Ranges with q=0 are left out. An empty list: nothing the header allows is a multipart of `part` (406).
 */
export function acceptedSyntaxes(accept: string | undefined, part: PartType): string[] {
  if (!accept || accept.trim() === '') return [EXPLICIT_VR_LITTLE_ENDIAN];
  const ranked: { syntax: string; q: number; order: number }[] = [];
  splitOutsideQuotes(accept, ',').forEach((range, order) => {
    const { type, params } = mediaTypeParameters(range);
    const q = params.q === undefined ? 1 : Number(params.q);
    if (!(q > 0)) return;
    const anyPart = type === '*/*' || type === 'multipart/*' || type === 'multipart/related';
    if (!anyPart) return;
    const partType = (params.type ?? '').toLowerCase();
    if (partType !== '' && partType !== part) return;
    // A bare */* or multipart range asks for no particular syntax: the default.
    const syntax =
      partType === '' ? EXPLICIT_VR_LITTLE_ENDIAN : params['transfer-syntax'] || EXPLICIT_VR_LITTLE_ENDIAN;
    ranked.push({ syntax, q, order });
  });
  ranked.sort((a, b) => b.q - a.q || a.order - b.order);
  return [...new Set(ranked.map((r) => r.syntax))];
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
