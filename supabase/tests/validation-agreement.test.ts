/**
 * The forms' column rules (shared/src/validation/columnRules.ts) and the database's check constraints agree on every
 * sample: each constraint's own expression is read from pg_constraint and evaluated with the sample as the column's
 * value (cast to the column's type, as a write would), so what a form accepts is exactly what the database stores.
 * Likewise vitalFlagsOf, which flags a reading the page has just added, and private.vital_flags() flag alike.
 */
import {
  APPOINTMENT_REASON_MAX_LENGTH,
  COLUMN_RULES,
  columnError,
  OTHER_REASON_PREFIX,
  REVIEW_REJECT_REASON_RULE,
  storedValue,
  VITAL_FLAGS,
  vitalFlagsOf,
  type ColumnConstraint,
  type ColumnRule,
  type VitalFlagValues,
} from '../../shared/src/validation/columnRules';
import { testDatabase } from './harness';

const database = testDatabase({ seed: false });

const EMOJI = '😀';
const NO_BREAK_SPACE = '\u00a0';
const EM_SPACE = '\u2003';
const IDEOGRAPHIC_SPACE = '\u3000';

/** Values around a length limit: at it and one past, in letters, emoji (two UTF-16 units, one character) and with padding. */
function aroundLength(max: number): string[] {
  return [
    'x'.repeat(max),
    'x'.repeat(max + 1),
    'x'.repeat(max - 1),
    EMOJI.repeat(max),
    EMOJI.repeat(max + 1),
    `  ${'x'.repeat(max)}  `,
    `\t${'x'.repeat(max)}\t`,
    `${NO_BREAK_SPACE}${'x'.repeat(max)}`,
  ];
}

const BLANKS = ['', ' ', '   ', '\t', '\n', NO_BREAK_SPACE, EM_SPACE];
const SHORT_TEXT = [
  'a',
  ' a ',
  '\ta\t',
  'é',
  'e\u0301',
  'Ada Obi',
  'Zoë Ångström',
  'محمد',
  '王小明',
  EMOJI,
  `a${IDEOGRAPHIC_SPACE}`,
];

/** Line breaks and other control characters inside a value: names and reasons refuse them, descriptions take them. */
const CONTROL_INSIDE = [
  'a\nb',
  'a\r\nb',
  'a\rb',
  'a\tb',
  'a\u000bb',
  'a\u0001b',
  'a\u007fb',
  'a\u0085b',
  'a\u2028b',
  'a\u2029b',
];

function textSamples(max: number): string[] {
  return [...BLANKS, ...SHORT_TEXT, ...CONTROL_INSIDE, ...aroundLength(max)];
}

const PHONE_SAMPLES = [
  '(0803) 123 4567',
  '0803 123 4567',
  '+234 803 123 4567',
  '+2348031234567',
  '08031234567',
  '0803-123-4567',
  '0803.123.4567',
  '0803/123/4567',
  '1234',
  '123',
  '+1234',
  '+123',
  '+ 1234',
  '++1234',
  '(080) 1234',
  '1'.repeat(25),
  '1'.repeat(26),
  `+${'1'.repeat(25)}`,
  `+${'1'.repeat(26)}`,
  ' 08031234567 ',
  '08031234567\n',
  '\t08031234567',
  `0803${NO_BREAK_SPACE}1234567`,
  '０８０３１２３４５６７',
  '٠٨٠٣١٢٣٤٥٦٧',
  'phone',
  'call 0803',
  '0803 123 4567 ext 2',
  '0803_1234',
  '0803#1234',
  ...BLANKS,
];

const REG_NUMBER_SAMPLES = [
  'NFU/2024/001',
  'A1',
  'A',
  'a.b_c-d/e',
  '1/2',
  '/ABC',
  '-AB',
  '.AB',
  'AB CD',
  'AB\n',
  ' AB ',
  'É1',
  'ＡＢ',
  'AB😀',
  'x'.repeat(30),
  'x'.repeat(31),
  `x${'/'.repeat(29)}`,
  ...BLANKS,
];

const EMAIL_SAMPLES = [
  'registrar@northfield.edu',
  'a@b.c',
  'a@b',
  'a@b.',
  '.a@b.c',
  'a@.c',
  'a@b..c',
  'a b@c.d',
  'a@@b.c',
  'a@b.c ',
  ' a@b.c',
  `a${NO_BREAK_SPACE}b@c.d`,
  `a${EM_SPACE}b@c.d`,
  `a${IDEOGRAPHIC_SPACE}b@c.d`,
  'a\tb@c.d',
  'ü@ü.de',
  'Registrar@Northfield.EDU',
  '@b.c',
  'a@b.c@d.e',
  ...BLANKS,
];

const OTHER = OTHER_REASON_PREFIX;
const REASON_SAMPLES = [
  'Check-up',
  'Malaria',
  'Consultation',
  'Vaccination',
  'Follow-up',
  'Other',
  `${OTHER}Sprained ankle`,
  `${OTHER}x`,
  'check-up',
  'Checkup',
  'Headache',
  'Other:',
  OTHER,
  'Other:x',
  `${OTHER} x`,
  ` ${OTHER}x`,
  `${OTHER}\tx`,
  `${OTHER}${NO_BREAK_SPACE}x`,
  `${OTHER}${EM_SPACE}x`,
  `${OTHER}${'x'.repeat(APPOINTMENT_REASON_MAX_LENGTH - OTHER.length)}`,
  `${OTHER}${'x'.repeat(APPOINTMENT_REASON_MAX_LENGTH - OTHER.length + 1)}`,
  `${OTHER}${EMOJI.repeat(APPOINTMENT_REASON_MAX_LENGTH - OTHER.length)}`,
  `${OTHER}${EMOJI.repeat(APPOINTMENT_REASON_MAX_LENGTH - OTHER.length + 1)}`,
  `${OTHER}é`,
  `${OTHER}x\ny`,
  `${OTHER}x\ry`,
  `${OTHER}x\u2028y`,
  'Malaria ',
  ...BLANKS,
];

const TITLE_SAMPLES = [
  'Dr',
  'Mr',
  'Mrs',
  'Miss',
  'Ms',
  'Prof',
  'dr',
  'DR',
  'Dr.',
  ' Dr',
  'King',
  'Professor',
  ...BLANKS,
];
const GENOTYPE_SAMPLES = ['AA', 'AS', 'AC', 'SS', 'SC', 'CC', 'aa', 'A A', 'XY', 'AAA', 'ＡＡ', ...BLANKS];
const BLOOD_GROUP_SAMPLES = [
  'A+',
  'A-',
  'B+',
  'B-',
  'AB+',
  'AB-',
  'O+',
  'O-',
  'o+',
  'A +',
  'AB',
  'C+',
  'A−',
  ...BLANKS,
];

/** Text columns: samples are what a person types. */
const TEXT_SAMPLES: Partial<Record<ColumnConstraint, readonly string[]>> = {
  universities_name_length: [...textSamples(200), 'ab', ' ab ', 'a ', '\ta\t'],
  universities_email_format: EMAIL_SAMPLES,
  universities_phone_format: PHONE_SAMPLES,
  clinic_settings_phone_format: PHONE_SAMPLES,
  clinic_settings_email_format: [...EMAIL_SAMPLES, `${'x'.repeat(245)}@clinic.edu`, `${'x'.repeat(244)}@clinic.edu`],
  clinic_settings_address_length: [...textSamples(300), '12 Campus Road\nNorthfield'],
  members_title_values: TITLE_SAMPLES,
  members_first_name_length: textSamples(100),
  members_last_name_length: textSamples(100),
  members_phone_format: PHONE_SAMPLES,
  members_staff_id_length: [...textSamples(50), 'NF-DOC-001'],
  members_position_length: textSamples(100),
  members_specialization_length: textSamples(100),
  members_reg_number_format: REG_NUMBER_SAMPLES,
  members_department_length: textSamples(100),
  health_profiles_genotype_values: GENOTYPE_SAMPLES,
  health_profiles_blood_group_values: BLOOD_GROUP_SAMPLES,
  health_profiles_allergies_length: textSamples(1000),
  appointments_name_length: textSamples(200),
  appointments_department_length: textSamples(100),
  appointments_reg_format: REG_NUMBER_SAMPLES,
  appointments_reason_format: REASON_SAMPLES,
  appointments_cancel_reason_length: textSamples(500),
  appointment_types_name_length: [
    ...textSamples(60),
    'Counselling',
    'Vaccination',
    'Other: sore throat',
    'Ear:nose',
    ':',
    'Travel vaccine ：',
  ],
  programs_title_length: textSamples(200),
  programs_description_length: textSamples(5000),
  programs_location_length: textSamples(200),
  programs_program_type_length: textSamples(100),
  programs_target_audience_length: textSamples(200),
  programs_activities_length: textSamples(2000),
  programs_organiser_length: textSamples(200),
  clinic_closures_reason_length: textSamples(200),
  doctor_time_off_reason_length: textSamples(200),
  visits_chief_complaint_length: textSamples(200),
  visits_subjective_length: textSamples(10000),
  visits_objective_length: textSamples(10000),
  visits_assessment_length: textSamples(10000),
  visits_plan_length: textSamples(10000),
  visits_follow_up_length: textSamples(1000),
  visit_addenda_text_length: textSamples(5000),
  diagnoses_description_length: textSamples(300),
  prescriptions_drug_length: textSamples(200),
  prescriptions_strength_length: textSamples(100),
  prescriptions_dose_length: textSamples(100),
  prescriptions_route_length: textSamples(50),
  prescriptions_frequency_length: textSamples(100),
  prescriptions_duration_length: textSamples(100),
  prescriptions_quantity_length: textSamples(100),
  prescriptions_instructions_length: textSamples(1000),
  prescriptions_allergy_acknowledgement_length: textSamples(500),
  excuse_letters_revoke_reason_length: textSamples(500),
  immunization_requirements_name_length: textSamples(200),
  immunization_doses_given_at_length: textSamples(200),
  immunization_doses_lot_length: [...textSamples(50), 'AB1234'],
  immunization_exemptions_reason_length: [...textSamples(2000), 'Allergic to a component\nSee the letter'],
};

/** Number columns: samples are the numbers a form stores (the column's type rounds them as a write would). */
const NUMBER_SAMPLES: Partial<Record<ColumnConstraint, readonly number[]>> = {
  members_year_of_study_range: [-1, 0, 1, 2, 7, 8, 9, 100, 32767, 32768],
  appointments_year_range: [-1, 0, 1, 8, 9],
  health_profiles_bmi_range: [
    0, 9.9, 9.94, 9.95, 9.96, 10, 10.04, 22.45, 22.46, 79.95, 79.96, 80, 80.04, 80.05, 80.1, 95, 999.9, 1000,
  ],
  clinic_settings_slot_range: [-10, 0, 9, 10, 30, 240, 241, 2147483647],
  clinic_settings_notice_range: [-1, 0, 120, 20160, 20161],
  clinic_settings_cutoff_range: [-1, 0, 720, 20160, 20161],
  clinic_settings_staff_idle_range: [-5, 0, 4, 5, 15, 60, 61, 2147483647],
  clinic_settings_student_upcoming_limit_range: [-1, 0, 1, 3, 20, 21, 2147483647],
  clinic_settings_student_daily_booking_limit_range: [-1, 0, 1, 3, 20, 21, 2147483647],
  clinic_settings_grace_range: [-1, 0, 15, 120, 121, 2147483647],
  appointment_types_duration_range: [-10, 0, 9, 10, 15, 50, 240, 241, 2147483647],
  // Vital signs: each range's edges, the tenths the numeric columns round to, and the unit mix-ups they exist to catch.
  vital_signs_temperature_c_range: [-1, 0, 24.9, 24.94, 24.95, 25, 36.6, 37, 45, 45.04, 45.05, 45.1, 98.6, 999.9, 1000],
  vital_signs_systolic_mmhg_range: [-1, 0, 49, 50, 120, 300, 301, 32767, 32768],
  vital_signs_diastolic_mmhg_range: [-1, 0, 19, 20, 80, 200, 201],
  vital_signs_pulse_bpm_range: [0, 19, 20, 72, 250, 251],
  vital_signs_respiratory_rate_range: [0, 3, 4, 16, 80, 81],
  vital_signs_spo2_percent_range: [0, 49, 50, 97, 100, 101],
  vital_signs_weight_kg_range: [0, 19.9, 19.95, 20, 65.5, 400, 400.04, 400.05, 9999.9, 10000],
  vital_signs_height_cm_range: [0, 1.7, 99.9, 99.95, 100, 172.5, 250, 250.04, 250.05, 999.9, 1000],
  immunization_requirements_doses_range: [-1, 0, 1, 3, 10, 11, 32767, 32768],
  immunization_requirements_interval_range: [-1, 0, 28, 3650, 3651, 2147483647],
  immunization_requirements_due_days_range: [-1, 0, 30, 3650, 3651, 2147483647],
};

/** Check constraints on form columns that no form types into, so no column rule restates them. */
const NOT_TYPED_BY_PEOPLE = [
  'appointments_cancel_reason_required', // spans status and reason: the cancel dialogs require a reason themselves
  'appointments_duration_range', // set from the clinic's slot length, never typed
  'members_avatar_path_length', // storage paths the app builds
  'members_email_format', // the auth account's address, checked by the auth service
  'members_student_fields', // spans several columns: the student forms require each of them
  'members_super_admin_is_staff',
  'universities_join_code_format', // generated by the database
  'universities_logo_path_length',
  'clinic_hours_weekday_range', // chosen from the days of the week
  'doctor_hours_weekday_range',
  'excuse_letters_verification_code_format', // the database generates the code itself
  'immunization_requirements_vaccines', // chosen from the list of vaccines (REQUIREMENT_VACCINES_RANGE)
  'immunization_requirements_years_range', // chosen from the years of study
  'immunization_doses_source_values', // set by the database: the student's or the clinic's
  'immunization_doses_review_values',
  'immunization_exemptions_kind_values', // chosen: medical or personal
  'immunization_exemptions_review_values',
];

/**
 * The values around every threshold of private.vital_flags() — just inside and just outside each, in the tenths the
 * numeric columns hold — and null (not taken). The readings: each value alone, every pairing of the two blood
 * pressures (either one decides, high before low), and the columns' values side by side (several flags at once).
 */
const FLAG_EDGES: { readonly [Column in keyof VitalFlagValues]: readonly (number | null)[] } = {
  temperature_c: [null, 34.9, 35, 37.9, 38],
  systolic_mmhg: [null, 89, 90, 139, 140],
  diastolic_mmhg: [null, 59, 60, 89, 90],
  pulse_bpm: [null, 49, 50, 100, 101],
  respiratory_rate: [null, 11, 12, 20, 21],
  spo2_percent: [null, 94, 95, 100],
  bmi: [null, 18.4, 18.5, 24.9, 25, 29.9, 30],
};
const FLAG_COLUMNS = Object.keys(FLAG_EDGES) as Array<keyof VitalFlagValues>;
const NOTHING_TAKEN: VitalFlagValues = {
  temperature_c: null,
  systolic_mmhg: null,
  diastolic_mmhg: null,
  pulse_bpm: null,
  respiratory_rate: null,
  spo2_percent: null,
  bmi: null,
};
const FLAG_READINGS: readonly VitalFlagValues[] = [
  ...FLAG_COLUMNS.flatMap((column) => FLAG_EDGES[column].map((value) => ({ ...NOTHING_TAKEN, [column]: value }))),
  ...FLAG_EDGES.systolic_mmhg.flatMap((systolic) =>
    FLAG_EDGES.diastolic_mmhg.map((diastolic) => ({
      ...NOTHING_TAKEN,
      systolic_mmhg: systolic,
      diastolic_mmhg: diastolic,
    })),
  ),
  ...FLAG_EDGES.bmi.map(
    (_, index) =>
      Object.fromEntries(
        FLAG_COLUMNS.map((column) => [column, FLAG_EDGES[column][index % FLAG_EDGES[column].length]]),
      ) as unknown as VitalFlagValues,
  ),
];

interface ConstraintCheck {
  readonly expression: string;
  readonly column: string;
  readonly type: string;
}

let checks: Map<string, ConstraintCheck>;

beforeAll(async () => {
  const { rows } = await database.client.query<{ name: string } & ConstraintCheck>(
    `select c.conname as name, pg_get_expr(c.conbin, c.conrelid) as expression, a.attname as column,
            format_type(a.atttypid, a.atttypmod) as type
     from pg_constraint c
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'c' and cardinality(c.conkey) = 1 and c.connamespace = 'public'::regnamespace`,
  );
  checks = new Map(rows.map(({ name, ...check }) => [name, check]));
});

/** Cast failures ("2.5" as smallint, overflow of numeric(4,1)) are refusals too; anything else is a broken probe. */
const REFUSING_CAST_ERRORS = new Set(['22P02', '22003']);

/** Whether the database accepts `value` in the constraint's column: its check expression, evaluated as a write would. */
async function databaseAccepts(constraint: string, value: string | null): Promise<boolean> {
  const check = checks.get(constraint);
  if (check === undefined) throw new Error(`No single-column check constraint named ${constraint}`);
  try {
    const { rows } = await database.client.query<{ ok: boolean }>(
      `select coalesce((${check.expression}), true) as ok from (select $1::${check.type} as "${check.column}") as candidate`,
      [value],
    );
    return rows[0].ok;
  } catch (error) {
    if (REFUSING_CAST_ERRORS.has((error as { code?: string }).code ?? '')) return false;
    throw error;
  }
}

const show = (value: string | null) => JSON.stringify(value)?.slice(0, 40);

describe('the forms’ column rules and the database’s check constraints', () => {
  it('restate every check constraint on the columns people type into', () => {
    const tables =
      /^(members|universities|appointments|appointment_types|programs|health_profiles|clinic_settings|clinic_hours|clinic_closures|doctor_hours|doctor_time_off|visits|visit_addenda|vital_signs|diagnoses|prescriptions|excuse_letters|immunization_requirements|immunization_doses|immunization_exemptions)_/;
    const onFormTables = [...checks.keys()].filter((name) => tables.test(name)).sort();
    const restated = new Set<string>([...Object.keys(COLUMN_RULES), ...NOT_TYPED_BY_PEOPLE]);
    expect(onFormTables.filter((name) => !restated.has(name))).toEqual([]);
    expect(Object.keys(COLUMN_RULES).filter((name) => !checks.has(name))).toEqual([]);
  });

  it('has samples for every rule', () => {
    const sampled = new Set([...Object.keys(TEXT_SAMPLES), ...Object.keys(NUMBER_SAMPLES)]);
    expect(Object.keys(COLUMN_RULES).filter((name) => !sampled.has(name))).toEqual([]);
  });

  it('agree on every text sample, as typed and as the form stores it', async () => {
    const disagreements: string[] = [];
    for (const [constraint, samples] of Object.entries(TEXT_SAMPLES)) {
      const rule: ColumnRule = COLUMN_RULES[constraint as ColumnConstraint];
      for (const sample of samples ?? []) {
        const asIs = await databaseAccepts(constraint, sample);
        if (rule.accepts(sample) !== asIs)
          disagreements.push(`${constraint} ${show(sample)}: rule ${!asIs}, database ${asIs}`);
        const stored = storedValue(rule, sample);
        const formAccepts = columnError(rule, sample) === undefined;
        const databaseStores = await databaseAccepts(constraint, stored);
        if (formAccepts !== databaseStores) {
          disagreements.push(
            `${constraint} form ${show(sample)} → ${show(stored)}: form ${formAccepts}, database ${databaseStores}`,
          );
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('agree on every number sample', async () => {
    const disagreements: string[] = [];
    for (const [constraint, samples] of Object.entries(NUMBER_SAMPLES)) {
      const rule: ColumnRule = COLUMN_RULES[constraint as ColumnConstraint];
      for (const sample of samples ?? []) {
        const database = await databaseAccepts(constraint, String(sample));
        if (rule.accepts(String(sample)) !== database)
          disagreements.push(`${constraint} ${sample}: rule ${!database}, database ${database}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('flag a reading as private.vital_flags() does, at every threshold and with values missing', async () => {
    // Each reading as a vital_signs row (its bmi as given), flagged by the database's own function.
    const { rows } = await database.client.query<{ flags: string[] }>(
      `select private.vital_flags(jsonb_populate_record(null::public.vital_signs, reading)) as flags
       from jsonb_array_elements($1::jsonb) with ordinality as readings(reading, position)
       order by position`,
      [JSON.stringify(FLAG_READINGS)],
    );
    expect(rows).toHaveLength(FLAG_READINGS.length);
    const disagreements = FLAG_READINGS.flatMap((reading, index) => {
      const ours = vitalFlagsOf(reading);
      return JSON.stringify(ours) === JSON.stringify(rows[index].flags)
        ? []
        : [`${JSON.stringify(reading)}: ours ${JSON.stringify(ours)}, database ${JSON.stringify(rows[index].flags)}`];
    });
    expect(disagreements).toEqual([]);
    // Every flag is reached, so no threshold goes untested.
    expect(new Set(rows.flatMap((row) => row.flags))).toEqual(new Set(VITAL_FLAGS));
  });

  it('agree on the reason a dose or an exemption is rejected for, which its constraint ties to the review status', async () => {
    const disagreements: string[] = [];
    for (const constraint of ['immunization_doses_reject_reason', 'immunization_exemptions_reject_reason']) {
      const { rows } = await database.client.query<{ expression: string }>(
        `select pg_get_expr(conbin, conrelid) as expression from pg_constraint where conname = $1 and connamespace = 'public'::regnamespace`,
        [constraint],
      );
      expect(rows).toHaveLength(1);
      for (const sample of textSamples(500)) {
        const stored = storedValue(REVIEW_REJECT_REASON_RULE, sample);
        const { rows: verdict } = await database.client.query<{ ok: boolean }>(
          `select coalesce((${rows[0].expression}), true) as ok from (select 'rejected'::text as review_status, $1::text as reject_reason) as candidate`,
          [stored],
        );
        const formAccepts = columnError(REVIEW_REJECT_REASON_RULE, sample) === undefined;
        if (formAccepts !== verdict[0].ok)
          disagreements.push(`${constraint} ${show(sample)}: form ${formAccepts}, database ${verdict[0].ok}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('catches the sign-up phone that used to pass the form and fail the database', async () => {
    expect(await databaseAccepts('members_phone_format', '(0803) 123 4567')).toBe(false);
    expect(columnError(COLUMN_RULES.members_phone_format, '(0803) 123 4567')).toBe(
      COLUMN_RULES.members_phone_format.message,
    );
  });
});
