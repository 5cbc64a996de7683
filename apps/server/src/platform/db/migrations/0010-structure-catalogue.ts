import { sql, type Kysely } from 'kysely';
import { TOTALSEGMENTATOR_CLASS_MAP } from './totalsegmentator-classes';

/** Body parts the catalogue needs beyond those of 0002 (slugs of 0002 kept). */
const NEW_CATEGORIES = [{ slug: 'vessels', title: 'Vessels' }];

/** A class's body part, by the first rule its name matches (docs/decisions/0030, Structures). */
const CATEGORY_RULES: ReadonlyArray<[RegExp, string]> = [
  [/^(vertebrae|intervertebral|spinal_cord|sacrum|autochthon)/, 'spine'],
  [/^brain$/, 'brain'],
  [/^skull$/, 'head'],
  [/^(thyroid|common_carotid)/, 'neck'],
  [/^(heart|atrial_appendage|pulmonary_vein)/, 'heart'],
  [
    /^(aorta|inferior_vena_cava|superior_vena_cava|brachiocephalic|subclavian|iliac_(artery|vena)|portal_vein)/,
    'vessels',
  ],
  [/^(lung|trachea|esophagus|rib_|sternum|costal)/, 'chest'],
  [/^(liver|gallbladder)$/, 'liver'],
  [/^(kidney|adrenal)/, 'kidney'],
  [/^prostate$/, 'prostate'],
  [/^(urinary_bladder|hip_|gluteus|iliopsoas)/, 'pelvis'],
  [/^(humerus|scapula|clavicula)/, 'upper-limb'],
  [/^femur/, 'lower-limb'],
  [/^(spleen|stomach|pancreas|small_bowel|duodenum|colon)$/, 'abdomen'],
];

export function categoryOf(name: string): string {
  return CATEGORY_RULES.find(([rule]) => rule.test(name))?.[1] ?? 'wholebody';
}

/** 'kidney_right' -> 'Kidney right'; 'vertebrae_L5' keeps its capital. */
export function titleOf(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MULTI_CLASS = [
  { slug: 'totalsegmentator-total', title: 'TotalSegmentator total', task: 'total' },
  { slug: 'totalsegmentator-total-mr', title: 'TotalSegmentator total MR', task: 'total_mr' },
] as const;

/**
 * The global catalogue: one read-only structure per class of TotalSegmentator's `total` and `total_mr`
 * tasks (AI models produce them), and one multi-class structure per task mapping its label values.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const start = 100;
  const rows = (items: unknown[][]) => sql.join(items.map((r) => sql`(${sql.join(r)})`));
  await sql`INSERT INTO structure_categories (slug, title, sort) VALUES ${rows(
    NEW_CATEGORIES.map((c, i) => [c.slug, c.title, start + i]),
  )} ON CONFLICT (slug) DO NOTHING`.execute(db);

  const names = [
    ...new Set([
      ...Object.values(TOTALSEGMENTATOR_CLASS_MAP.total),
      ...Object.values(TOTALSEGMENTATOR_CLASS_MAP.total_mr),
    ]),
  ].sort();
  const structures = [
    ...names.map((name) => [name, titleOf(name), categoryOf(name)]),
    ...MULTI_CLASS.map((m) => [m.slug, m.title, 'wholebody']),
  ];
  await sql`INSERT INTO structures (slug, title, category_id, is_seeded)
    SELECT s.slug, s.title, c.id, true
    FROM (VALUES ${rows(structures)}) AS s(slug, title, category)
    LEFT JOIN structure_categories c ON c.slug = s.category`.execute(db);

  const classes = MULTI_CLASS.flatMap((m) =>
    Object.entries(TOTALSEGMENTATOR_CLASS_MAP[m.task]).map(([value, name]) => [m.slug, Number(value), name]),
  );
  await sql`INSERT INTO structure_classes (structure_id, value, class_id)
    SELECT parent.id, v.value::int, class.id
    FROM (VALUES ${rows(classes)}) AS v(parent, value, name)
    JOIN structures parent ON parent.slug = v.parent AND parent.team_id IS NULL
    JOIN structures class ON class.slug = v.name AND class.team_id IS NULL`.execute(db);
  await sql`ANALYZE structures`.execute(db);
  await sql`ANALYZE structure_classes`.execute(db);
}
