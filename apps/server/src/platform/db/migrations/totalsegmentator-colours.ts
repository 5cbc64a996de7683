/**
 * The catalogue colour of each TotalSegmentator class (docs/decisions/0098-segment-colours.md), #rrggbb.
 * Taken from SlicerTotalSegmentator (lassoan/SlicerTotalSegmentator at 6a82370b, Apache-2.0):
 * `totalsegmentator_snomed_mapping.csv`'s colour, else the recommendedDisplayRGBValue of the class's code in
 * `SegmentationCategoryTypeModifier-TotalSegmentator.term.json`. Where that colour is the same as (CIE76 below
 * 10 from) a class before it in the `total` or `total_mr` label map, or there is none, the class has the
 * nearest colour apart from them all (`distinctColour`), so no two classes of one task look alike; the
 * comment names Slicer's colour then. Embedded, as the class map is, because the seed runs without the
 * test data.
 */
export const TOTALSEGMENTATOR_COLOURS: Readonly<Record<string, string>> = {
  adrenal_gland_left: '#aa1100', // Slicer: #c71b1b
  adrenal_gland_right: '#c71b1b',
  aorta: '#e0614c',
  atrial_appendage_left: '#2288aa', // Slicer: #00a1c4
  autochthon_left: '#995533', // Slicer: #c06858
  autochthon_right: '#995555', // Slicer: #c06858
  brachiocephalic_trunk: '#bb7744', // Slicer: #c4794f
  brachiocephalic_vein_left: '#00a1c4', // Slicer terminology
  brachiocephalic_vein_right: '#0097ce', // Slicer terminology
  brain: '#ddddcc', // Slicer: #fafae1
  clavicula_left: '#f1bc26',
  clavicula_right: '#ffcc11', // Slicer: #f1bc26
  colon: '#aa9988', // Slicer: #cca88f
  common_carotid_artery_left: '#226688', // Slicer: #0a699b
  common_carotid_artery_right: '#006699', // Slicer: #0070a5
  costal_cartilages: '#66bbdd', // Slicer: #6fb8d2
  duodenum: '#fffde5',
  esophagus: '#eebb99', // Slicer: #d3ab8f
  femur_left: '#82decf',
  femur_right: '#66cccc', // Slicer: #82decf
  gallbladder: '#8b9662',
  gluteus_maximus_left: '#aa5544', // Slicer: #c06858
  gluteus_maximus_right: '#bb6666', // Slicer: #c06858
  gluteus_medius_left: '#bb6644', // Slicer: #c06858
  gluteus_medius_right: '#bb7766', // Slicer: #c06858
  gluteus_minimus_left: '#dd7777', // Slicer: #c06858
  gluteus_minimus_right: '#aa4444', // Slicer: #c06858
  heart: '#dd22aa', // none in Slicer
  hip_left: '#ffdd99', // Slicer: #f1d691
  hip_right: '#eeddaa', // Slicer: #f1d691
  humerus_left: '#66eebb', // Slicer: #5fe5b9
  humerus_right: '#77ddbb', // Slicer: #5fe5b9
  iliac_artery_left: '#ddaa44', // Slicer: #d9a230
  iliac_artery_right: '#bb8811', // Slicer: #d9a230
  iliac_vena_left: '#bbaa22', // Slicer: #c5ae25
  iliac_vena_right: '#ddbb44', // Slicer: #c5ae25
  iliopsoas_left: '#996655', // Slicer: #c06858
  iliopsoas_right: '#bb5566', // Slicer: #c06858
  inferior_vena_cava: '#6ea536',
  intervertebral_discs: '#005555', // none in Slicer
  kidney_cyst_left: '#00ff00', // none in Slicer
  kidney_cyst_right: '#ff22ff', // none in Slicer
  kidney_left: '#bb6688', // Slicer: #d47e97
  kidney_right: '#d47e97',
  liver: '#dd8265',
  lung_left: '#0055dd', // none in Slicer
  lung_lower_lobe_left: '#f296e8',
  lung_lower_lobe_right: '#d4bf20',
  lung_middle_lobe_right: '#caa48c',
  lung_right: '#dd00ff', // none in Slicer
  lung_upper_lobe_left: '#70a25f',
  lung_upper_lobe_right: '#ad452c',
  pancreas: '#f9b46f',
  portal_vein_and_splenic_vein: '#33aaee', // Slicer: #0097ce
  prostate: '#0000ff', // none in Slicer
  pulmonary_vein: '#bb3322', // Slicer: #c32d19
  rib_left_1: '#5522bb', // Slicer: #000291
  rib_left_10: '#5555dd', // Slicer: #1a61e4
  rib_left_11: '#449988', // Slicer: #10a490
  rib_left_12: '#9944dd', // Slicer: #a659ff
  rib_left_2: '#77aabb', // Slicer: #8dbad8
  rib_left_3: '#5588cc', // Slicer: #1e80bc
  rib_left_4: '#22ccaa', // Slicer: #49e4ca
  rib_left_5: '#336655', // Slicer: #085249
  rib_left_6: '#8877ff', // Slicer: #5877ff
  rib_left_7: '#6622aa', // Slicer: #6d0091
  rib_left_8: '#99ccaa', // Slicer: #a4d8c7
  rib_left_9: '#55aa11', // Slicer: #60bc3e
  rib_right_1: '#2233bb', // Slicer: #000291
  rib_right_10: '#0066ff', // Slicer: #1a61e4
  rib_right_11: '#55aa88', // Slicer: #10a490
  rib_right_12: '#aa44ff', // Slicer: #a659ff
  rib_right_2: '#99aacc', // Slicer: #8dbad8
  rib_right_3: '#5577aa', // Slicer: #1e80bc
  rib_right_4: '#44ccbb', // Slicer: #49e4ca
  rib_right_5: '#116666', // Slicer: #085249
  rib_right_6: '#4477ee', // Slicer: #5877ff
  rib_right_7: '#882299', // Slicer: #6d0091
  rib_right_8: '#88bbaa', // Slicer: #a4d8c7
  rib_right_9: '#33bb44', // Slicer: #60bc3e
  sacrum: '#a38c8c',
  scapula_left: '#bbcc88', // Slicer: #c7cc83
  scapula_right: '#ddcc88', // Slicer: #c7cc83
  skull: '#005500', // none in Slicer
  small_bowel: '#ccbb99', // Slicer: #cda78e
  spinal_cord: '#00ff88', // none in Slicer
  spleen: '#9d6ca2',
  sternum: '#99ee00', // none in Slicer
  stomach: '#a08b4c',
  subclavian_artery_left: '#dd7744', // Slicer: #d86545
  subclavian_artery_right: '#cc6655', // Slicer: #d86559
  superior_vena_cava: '#008de2', // Slicer terminology
  thyroid_gland: '#dca01e', // Slicer terminology
  trachea: '#b6e4ff',
  urinary_bladder: '#de9a84',
  vertebrae: '#99ee00', // none in Slicer
  vertebrae_C1: '#eebb66', // Slicer: #ffba6b
  vertebrae_C2: '#c16324',
  vertebrae_C3: '#a77598',
  vertebrae_C4: '#fa0e74',
  vertebrae_C5: '#762809',
  vertebrae_C6: '#fd867d',
  vertebrae_C7: '#ff0000',
  vertebrae_L1: '#ffff01',
  vertebrae_L2: '#ff9020',
  vertebrae_L3: '#9d7e00',
  vertebrae_L4: '#ffff80',
  vertebrae_L5: '#754e37',
  vertebrae_S1: '#d4d07a', // Slicer terminology
  vertebrae_T1: '#000291',
  vertebrae_T10: '#1a61e4',
  vertebrae_T11: '#10a490',
  vertebrae_T12: '#a659ff',
  vertebrae_T2: '#8dbad8',
  vertebrae_T3: '#1e80bc',
  vertebrae_T4: '#49e4ca',
  vertebrae_T5: '#085249',
  vertebrae_T6: '#5877ff',
  vertebrae_T7: '#6d0091',
  vertebrae_T8: '#a4d8c7',
  vertebrae_T9: '#60bc3e',
};
