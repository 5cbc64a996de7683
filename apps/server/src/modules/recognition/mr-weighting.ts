import type { RecognitionSeries } from '@voxa/contracts';
import { hasContrast, joined, seriesWords, type Guess } from './text';

/** Series that carry no acquisition at all: reports, projections, calibrations (decision 0024). */
const NO_ACQUISITION = / (phoenix\w*|report|mip|projection image|calibration|cal|shim) /;

/**
 * Series acquired for a purpose rather than a structural weighting (decision 0024), by name or by the
 * image type's value; the first rule that matches names the code, so planning and field maps win over
 * the sequence words they share (`3plane_loc_ssfse`, `gre_field_mapping`).
 */
const PURPOSE_RULES: readonly { code: string; pattern: RegExp; imageType?: RegExp }[] = [
  {
    code: 'LOC',
    pattern: / (localizer|localiser|loc|scout|survey|3 ?plane|3plane|aahead|aascout) /,
    imageType: /^LOCALIZER$/,
  },
  { code: 'FMAP', pattern: / (field ?map\w*|fmap|b0 ?map|b0 ns|topup|blip\w*|pe (ap|pa|rl|lr)) / },
  { code: 'ASL', pattern: / (asl|pcasl|pasl|casl|arterial spin) /, imageType: /^ASL$/ },
  { code: 'PERF', pattern: / (perfusion|perf|dsc|dce|ep2d perf) /, imageType: /^PERFUSION$/ },
  { code: 'BOLD', pattern: / (bold|fmri|rest\d*|resting|rsfmri|task) / },
  { code: 'SWI', pattern: / (swi|swan|susceptibility|venobold) / },
  { code: 'MRA', pattern: / (angio\w*|tof|mra|inhance) / },
];

function purposeOf(text: string, imageType: readonly string[]): Guess | null {
  for (const rule of PURPOSE_RULES) {
    const named = rule.pattern.test(text);
    const typed = rule.imageType ? imageType.some((t) => rule.imageType?.test(t.toUpperCase())) : false;
    if (named || typed) return { code: rule.code, score: named && typed ? 0.95 : named ? 0.9 : 0.85 };
  }
  return null;
}

const CONTRAST_WORDS =
  / (\+ c|\+ gd|\+ gad|\+ km|c \+|post|postcontrast|post ?gd|gad\w*|gd|gado\w*|contrast|ce|km|kontrast|dotarem|gadovist|multihance) /;
const NO_CONTRAST_WORDS = / (pre|precontrast|native?|nativ|non ?contrast|wo) /;
const T1_WORDS =
  / (t1\w*|mprage|mp2rage|spgr|fspgr|bravo|tfl|vibe|flash|fl3d|fl2d|t1w|ffe|thrive|lava|starvibe) /;

const TEXT_RULES: readonly { code: string; pattern: RegExp }[] = [
  { code: 'ADC', pattern: / (adc|apparent diffusion|dadc|eadc) / },
  { code: 'DWI', pattern: / (dwi|diff\w*|dw|dwi\w*|trace\w*|ep2d diff|resolve|dti|b\d{3,4}) / },
  { code: 'FLAIR', pattern: / (flair\w*|tirm|dark ?fluid|darkfluid) / },
  { code: 'PD', pattern: / (pd|pdw|pd\w*w|proton density|proton) / },
  {
    code: 'T2W',
    pattern: / (t2|t2w|t2\w*|tse|fse|frfse|ssfse|haste|space|blade|propeller|stir|proton_density) /,
  },
  { code: 'T1W', pattern: T1_WORDS },
];

/** T2* (gradient echo) series look T2 by name but are their own acquisition. */
const T2_STAR = / (t2\*|t2 \*|t2star|gre|medic|merge|hemo) /;

function fromText(words: readonly string[], contrast: boolean): Guess | null {
  const text = joined(words);
  if (T2_STAR.test(text) && !/ (flair|tse|fse) /.test(text)) return { code: 'T2S', score: 0.8 };
  const rule = TEXT_RULES.find((r) => r.pattern.test(text));
  if (!rule) return null;
  if (rule.code === 'T1W' && !NO_CONTRAST_WORDS.test(text) && (CONTRAST_WORDS.test(text) || contrast))
    return { code: 'T1C', score: CONTRAST_WORDS.test(text) ? 0.9 : 0.8 };
  return { code: rule.code, score: 0.9 };
}

/** The weighting the image type's contrast value names (Enhanced MR: ORIGINAL\PRIMARY\T1\NONE). */
function fromImageType(imageType: readonly string[]): Guess | null {
  const values = imageType.map((t) => t.toUpperCase());
  if (values.includes('ADC')) return { code: 'ADC', score: 0.9 };
  if (values.includes('TRACEW') || values.includes('DIFFUSION')) return { code: 'DWI', score: 0.85 };
  if (values.includes('PROTON_DENSITY')) return { code: 'PD', score: 0.7 };
  if (values.includes('T2')) return { code: 'T2W', score: 0.7 };
  if (values.includes('T1')) return { code: 'T1W', score: 0.7 };
  return null;
}

/** The weighting the timing says (TR, TE, TI in ms; b-value), by the usual ranges of clinical protocols. */
function fromParameters(s: RecognitionSeries): Guess | null {
  const { repetitionTime: tr, echoTime: te, inversionTime: ti, diffusionBValue: b } = s;
  const sequence = (s.scanningSequence ?? '').toUpperCase();
  if (b !== null && b > 50) return { code: 'DWI', score: 0.8 };
  if (ti !== null && ti >= 1500 && (tr === null || tr >= 4000)) return { code: 'FLAIR', score: 0.75 };
  if (ti !== null && ti >= 600 && ti < 1500 && te !== null && te < 10) return { code: 'T1W', score: 0.7 };
  if (ti !== null && ti > 0 && ti < 300 && sequence.includes('IR')) return { code: 'T2W', score: 0.5 };
  // Echo-planar without diffusion weighting: most often a BOLD time series.
  if (sequence === 'EP' && b === null) return { code: 'BOLD', score: 0.5 };
  if (tr === null || te === null) return null;
  if (tr >= 2000 && te >= 70) return { code: 'T2W', score: 0.7 };
  if (tr >= 2000 && te < 40 && !sequence.includes('GR')) return { code: 'PD', score: 0.55 };
  if (tr < 1000 && te < 30) return { code: 'T1W', score: sequence.includes('GR') ? 0.55 : 0.65 };
  return null;
}

/**
 * MR acquisition of one series: reports and projections have none; then a purpose (localiser, field map,
 * ASL, perfusion, BOLD, SWI, angiography); else the weighting from the name first (description, protocol,
 * comments), then the image type's contrast value, then TR/TE/TI/b-value. Agreement of name and
 * parameters raises the score. A T1 series with contrast in its name or header is T1C.
 */
export function recogniseMrSeries(s: RecognitionSeries): Guess {
  const words = seriesWords(s);
  const text = joined(words);
  const projection = s.imageType.some((t) => /^PROJECTION IMAGE$/i.test(t));
  if (projection || NO_ACQUISITION.test(text)) return { code: 'NONE', score: 0.8 };
  const purpose = purposeOf(text, s.imageType);
  if (purpose) return purpose;
  const contrast = hasContrast(s);
  const named = fromText(words, contrast);
  const typed = fromImageType(s.imageType);
  const measured = fromParameters(s);
  const withContrast = (g: Guess): Guess =>
    g.code === 'T1W' && contrast && !NO_CONTRAST_WORDS.test(text)
      ? { code: 'T1C', score: g.score - 0.05 }
      : g;
  const evidence = [typed, measured].filter((g): g is Guess => g !== null).map(withContrast);
  if (named) {
    const agrees = evidence.some((g) => g.code === named.code);
    const disagrees = evidence.length > 0 && !agrees;
    return { code: named.code, score: agrees ? Math.max(named.score, 0.95) : disagrees ? 0.75 : named.score };
  }
  const [first, second] = evidence;
  if (!first) return { code: 'NONE', score: 0 };
  if (second && second.code === first.code)
    return { code: first.code, score: Math.min(0.9, first.score + 0.1) };
  return first;
}
