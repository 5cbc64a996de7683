/**
 * The reference sets every team shares, as migration 0002 seeds them (docs/decisions/0010-...). Frozen with
 * that migration: a later change to a set is a new migration, so every database ends up the same.
 */

export interface SeedModality {
  code: string;
  name: string;
}

export interface SeedAcquisition {
  code: string;
  name: string;
  /** null: offered for every modality. */
  modality: string | null;
}

export interface SeedPipeline {
  code: string;
  name: string;
  modality: string;
  acquisitions: string[];
}

export interface SeedCategory {
  slug: string;
  title: string;
}

export const MODALITIES: readonly SeedModality[] = [
  { code: 'CT', name: 'Computed tomography' },
  { code: 'MR', name: 'Magnetic resonance' },
  { code: 'PT', name: 'Positron emission tomography' },
  { code: 'NM', name: 'Nuclear medicine' },
  { code: 'XA', name: 'X-ray angiography' },
  { code: 'US', name: 'Ultrasound' },
  { code: 'CR', name: 'Computed radiography' },
  { code: 'DX', name: 'Digital radiography' },
  { code: 'MG', name: 'Mammography' },
  { code: 'RF', name: 'Radiofluoroscopy' },
  { code: 'OT', name: 'Other' },
];

export const NONE = 'NONE';

export const ACQUISITIONS: readonly SeedAcquisition[] = [
  { code: NONE, name: 'No acquisition', modality: null },
  { code: 'NATIVE', name: 'Non-contrast', modality: 'CT' },
  { code: 'AR', name: 'Arterial phase', modality: 'CT' },
  { code: 'PV', name: 'Portal venous phase', modality: 'CT' },
  { code: 'DL', name: 'Delayed phase', modality: 'CT' },
  { code: 'T1W', name: 'T1-weighted', modality: 'MR' },
  { code: 'T1C', name: 'T1-weighted with contrast', modality: 'MR' },
  { code: 'T2W', name: 'T2-weighted', modality: 'MR' },
  { code: 'FLAIR', name: 'Fluid-attenuated inversion recovery', modality: 'MR' },
  { code: 'PD', name: 'Proton density', modality: 'MR' },
  { code: 'DWI', name: 'Diffusion-weighted', modality: 'MR' },
  { code: 'ADC', name: 'Apparent diffusion coefficient map', modality: 'MR' },
  { code: 'AC', name: 'Attenuation-corrected', modality: 'PT' },
  { code: 'NAC', name: 'Not attenuation-corrected', modality: 'PT' },
];

export const PIPELINES: readonly SeedPipeline[] = [
  { code: 'CT_ABDOMEN', name: 'Abdomen CT (portal venous)', modality: 'CT', acquisitions: ['PV'] },
  { code: 'CT_ANGIO', name: 'CT angiography', modality: 'CT', acquisitions: ['AR'] },
  {
    code: 'CT_LIVER_MULTIPHASE',
    name: 'Liver multiphase CT',
    modality: 'CT',
    acquisitions: ['NATIVE', 'AR', 'PV', 'DL'],
  },
  { code: 'MR_BRAIN', name: 'Brain MR', modality: 'MR', acquisitions: ['T1W', 'T2W', 'FLAIR'] },
  {
    code: 'MR_BRAIN_TUMOR',
    name: 'Brain tumour MR',
    modality: 'MR',
    acquisitions: ['T1W', 'T1C', 'T2W', 'FLAIR'],
  },
  { code: 'MR_PROSTATE', name: 'Prostate MR', modality: 'MR', acquisitions: ['T2W', 'DWI', 'ADC'] },
];

/** Body parts; slugs are DICOM BodyPartExamined values in lower case, so a file's value can match one. */
export const CATEGORIES: readonly SeedCategory[] = [
  { slug: 'head', title: 'Head' },
  { slug: 'brain', title: 'Brain' },
  { slug: 'neck', title: 'Neck' },
  { slug: 'chest', title: 'Chest' },
  { slug: 'heart', title: 'Heart' },
  { slug: 'breast', title: 'Breast' },
  { slug: 'abdomen', title: 'Abdomen' },
  { slug: 'liver', title: 'Liver' },
  { slug: 'kidney', title: 'Kidney' },
  { slug: 'pelvis', title: 'Pelvis' },
  { slug: 'prostate', title: 'Prostate' },
  { slug: 'spine', title: 'Spine' },
  { slug: 'upper-limb', title: 'Upper limb' },
  { slug: 'lower-limb', title: 'Lower limb' },
  { slug: 'wholebody', title: 'Whole body' },
];
