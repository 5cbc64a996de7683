import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RecognitionSeries } from '@voxa/contracts';
import { readDicomHeader, type DicomHeader } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { recogniseStudy } from './recognise';
import { seededCodes } from './test-series';
import { TESTDATA_DIR as testdata } from '../../../test/corpus';

/** The recognition input the upload page builds from a series' first header. */
function fromHeader(id: string, h: DicomHeader): RecognitionSeries {
  const r = h.recognition;
  return RecognitionSeries.parse({
    id,
    modality: h.modality ?? '',
    imageType: h.imageType,
    imageComments: h.imageComments,
    protocolName: h.protocolName,
    seriesDescription: h.seriesDescription,
    contrastAgent: r.contrastAgent,
    contrastStartTime: r.contrastStartTime,
    contrastRoute: r.contrastRoute,
    acquisitionTime: r.acquisitionTime,
    sliceLocation: h.sliceLocation,
    reconstructionTargetCenter: r.reconstructionTargetCenter?.slice(0, 3) ?? null,
    bodyPart: h.bodyPartExamined,
    scanningSequence: r.scanningSequence,
    sequenceVariant: r.sequenceVariant,
    repetitionTime: r.repetitionTime,
    echoTime: r.echoTime,
    inversionTime: r.inversionTime,
    diffusionBValue: r.diffusionBValue,
    diffusionGradientOrientation: r.diffusionGradientOrientation?.slice(0, 3) ?? null,
    cineRate: h.cineRate,
    primaryAngle: h.primaryAngle,
    secondaryAngle: h.secondaryAngle,
  });
}

/** A file, or the first file of a folder, of the shared corpus. */
function seriesAt(relative: string): RecognitionSeries {
  let file = path.join(testdata, 'dicom', relative);
  if (!/\.dcm$|\/\d+$/.test(relative)) {
    // The NIH folders hold a README-Series.txt beside the images.
    const images = readdirSync(file).filter((name) => !name.endsWith('.txt'));
    file = path.join(file, images.sort()[0] ?? '');
  }
  const read = readDicomHeader(new Uint8Array(readFileSync(file)));
  if (!read.ok) throw new Error(`${relative}: ${read.error}`);
  return fromHeader(relative, read.header);
}

const recognised = (relative: string) => recogniseStudy([seriesAt(relative)], seededCodes)[0];

describe('recognition of real headers (shared corpus)', () => {
  it.each([
    // MR: the name says it, parameters agree (TR 350, TE 27).
    ['pydicom-data/MR2_UNCR.dcm', 'T1W', 0.95],
    // Siemens XA30 MPRAGE: name and TI 900 / TE 2.4 agree.
    ['dcm_qa_xa30/5_anat-T1w_acq-tfl', 'T1W', 0.95],
    // No name: spin echo TR 4000, TE 240.
    ['pydicom/MR_small.dcm', 'T2W', 0.7],
    // Enhanced MR without a name: the image type's contrast value T1.
    ['pydicom-data/emri_small.dcm', 'T1W', 0.7],
    // Acquired for a purpose (decision 0024): localizer, resting-state fMRI, the GE fMRI runs, ASL (name
    // and image type agree), field maps (Siemens phase-difference; reversed phase-encoding EPI).
    ['pydicom/dicomdirtests/98892003/MR1/15820', 'LOC', 0.9],
    ['dcm_qa_enh/Siemens/XA10/6_1.dcm', 'BOLD', 0.9],
    ['dcm_qa_nih/20180918GE/mr_0004', 'BOLD', 0.9],
    ['dcm_qa_nih/20180918GE/mr_0007', 'BOLD', 0.9],
    ['dcm_qa_xa30/25_asl_2d_tra', 'ASL', 0.95],
    ['dcm_qa_xa30/8_gre_field_mapping', 'FMAP', 0.9],
    ['dcm_qa_nih/20180918Si/mr_0003', 'FMAP', 0.9],
    // No acquisition at all: an MR angiography projection.
    ['pydicom/dicomdirtests/98892003/MR700/4467', 'NONE', 0.8],
    // CT: a localizer; a contrast scan (ISOVUE, IV) alone in its study; a head CT without contrast.
    ['tensorflow-io/CT-MONO2-16-chest.dcm', 'NONE', 0.9],
    ['pydicom/CT_small.dcm', 'PV', 0.45],
    ['pydicom/dicomdirtests/77654033/CT2/17106', 'NATIVE', 0.3],
    // PET without a word on correction.
    ['suyashkumar-dicom/1.dcm', 'AC', 0.5],
    // XA offers only NONE.
    ['tensorflow-io/XA-MONO2-8-12x-catheter.dcm', 'NONE', 1],
  ])('%s -> %s (%d)', (relative, code, score) => {
    expect(recognised(relative)).toEqual({ id: relative, acquisitionCode: code, score });
  });

  it('gives every series of a real multi-series MR study a code its modality offers', () => {
    const dir = path.join(testdata, 'dicom/dcm_qa_xa30');
    const series = readdirSync(dir)
      .filter((d) => !d.startsWith('99_'))
      .map((d) => seriesAt(`dcm_qa_xa30/${d}`));
    for (const r of recogniseStudy(series, seededCodes))
      expect(seededCodes('MR')).toContain(r.acquisitionCode);
  });
});
