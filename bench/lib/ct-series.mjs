/**
 * A long CT series for the benches, written at bench time (never committed): copies of one real GE CT
 * slice of dcm_qa_ct, each moved 0.5 mm along the axial normal, with its own instance number and SOP
 * Instance UID, so dcm2niix sees one volume of `count` slices (512 x 512, about 0.5 MB a file).
 */
import { Buffer } from 'node:buffer';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import dcmjs from 'dcmjs';

const { DicomDict, DicomMessage, DicomMetaDictionary } = dcmjs.data;
export const CT_SLICE = 'dicom/dcm_qa_ct/GE/01.dcm';
const SPACING_MM = 0.5;

/** The 28 slices of that GE series: `pixelsFrom` cycles through them for a volume of real anatomy. */
export const CT_SERIES_SLICES = Array.from(
  { length: 28 },
  (_, i) => `dicom/dcm_qa_ct/GE/${String(i + 1).padStart(2, '0')}.dcm`,
);

const pixelDataOf = async (file) => {
  const bytes = await readFile(file);
  const { dict } = DicomMessage.readFile(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
  );
  return dict['7FE00010'].Value;
};

/**
 * Writes `count` slices into `dir` (which must exist) and returns their paths, in slice order. Each has
 * the pixels of `pixelsFrom[i % length]` (same size and encoding as CT_SLICE), else CT_SLICE's own.
 * `newStudy` gives the series a StudyInstanceUID of its own (else the source's).
 */
export async function writeCtSeries(testdata, dir, count, pixelsFrom = [], { newStudy = false } = {}) {
  const pixels = await Promise.all(pixelsFrom.map((file) => pixelDataOf(path.join(testdata, file))));
  const source = await readFile(path.join(testdata, CT_SLICE));
  const { meta, dict } = DicomMessage.readFile(
    source.buffer.slice(source.byteOffset, source.byteOffset + source.length),
  );
  const set = (tag, ...value) => (dict[tag].Value = value);
  // The source is tilted (gantry 18.5 degrees); an axial stack keeps dcm2niix on its plain path.
  set('00181120', 0);
  set('00200037', 1, 0, 0, 0, 1, 0);
  set('00180050', SPACING_MM);
  set('0020000E', DicomMetaDictionary.uid());
  if (newStudy) set('0020000D', DicomMetaDictionary.uid());
  const [x, y] = dict['00200032'].Value;
  const paths = [];
  for (let i = 0; i < count; i += 1) {
    const uid = DicomMetaDictionary.uid();
    set('00080018', uid);
    set('00200013', i + 1);
    set('00200032', x, y, i * SPACING_MM);
    set('00201041', i * SPACING_MM);
    if (pixels.length > 0) dict['7FE00010'].Value = pixels[i % pixels.length];
    const out = new DicomDict({ ...meta, '00020003': { vr: 'UI', Value: [uid] } });
    out.dict = dict;
    const target = path.join(dir, `ct-${String(i + 1).padStart(5, '0')}.dcm`);
    await writeFile(target, Buffer.from(out.write()));
    paths.push(target);
  }
  return paths;
}
