import { RecognitionStudy } from '@voxa/contracts';
import type { SeriesRecognitionAttributes } from '@voxa/imaging';
import { describe, expect, it } from 'vitest';
import { pageStudyOf } from './model';
import { recognitionRequests } from './recognitionRequest';
import { series, study } from './test-fixtures';

function header(overrides: Partial<SeriesRecognitionAttributes> = {}): SeriesRecognitionAttributes {
  return {
    contrastAgent: null,
    contrastStartTime: null,
    contrastRoute: null,
    acquisitionTime: '101500',
    reconstructionTargetCenter: null,
    scanningSequence: null,
    sequenceVariant: null,
    repetitionTime: null,
    echoTime: null,
    inversionTime: null,
    diffusionBValue: null,
    diffusionGradientOrientation: null,
    imageType: ['ORIGINAL', 'PRIMARY', 'AXIAL'],
    sliceLocation: -12.5,
    bodyPart: 'ABDOMEN',
    ...overrides,
  };
}

describe('recognitionRequests', () => {
  it('sends the DICOM series of each study with their key attributes; NIfTI series send nothing', () => {
    const [request] = recognitionRequests([
      pageStudyOf(
        study({
          series: [
            series({ id: 'ct-1', seriesDescription: 'Arterial', recognition: header() }),
            series({ id: 'moved.nii', type: 'nii' }),
          ],
        }),
      ),
      pageStudyOf(study({ id: 'nifti:brain.nii', series: [series({ id: 'brain.nii', type: 'nii' })] })),
    ]);
    expect(request).toHaveLength(1);
    expect(request?.[0]).toMatchObject({ id: '1.2.3', modality: 'CT' });
    expect(request?.[0]?.series).toEqual([
      expect.objectContaining({
        id: 'ct-1',
        modality: 'CT',
        seriesDescription: 'Arterial',
        imageType: ['ORIGINAL', 'PRIMARY', 'AXIAL'],
        acquisitionTime: '101500',
        sliceLocation: -12.5,
        bodyPart: 'ABDOMEN',
      }),
    ]);
    expect(RecognitionStudy.safeParse(request?.[0]).success).toBe(true);
  });

  it('cuts values past the contract limits instead of failing the request', () => {
    const long = series({
      imageComments: 'x'.repeat(5000),
      recognition: header({ imageType: Array(20).fill('T') }),
    });
    const sent = recognitionRequests([pageStudyOf(study({ series: [long] }))])[0]?.[0];
    expect(RecognitionStudy.safeParse(sent).success).toBe(true);
    expect(sent?.series[0]?.imageComments).toHaveLength(1024);
  });

  it('sends at most 50 studies per request, and nothing without DICOM series', () => {
    const studies = Array.from({ length: 51 }, (_, i) =>
      pageStudyOf(study({ id: `1.2.${i}`, series: [series({ id: `s-${i}`, recognition: header() })] })),
    );
    expect(recognitionRequests(studies).map((r) => r.length)).toEqual([50, 1]);
    expect(recognitionRequests([])).toEqual([]);
  });
});
