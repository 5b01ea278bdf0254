import { PATHS, type VitalFlag } from '@campuscare/shared';
import type {
  ChartStudent,
  ExcuseLetterEntry,
  PrescriptionEntry,
  VisitRecord,
  VitalReading,
} from '@campuscare/shared/clinical';
import { formatDecimal } from '@campuscare/shared/scheduling';

/** How many days a letter covers, both ends included. */
export function daysCovered(letter: Pick<ExcuseLetterEntry, 'starts_on' | 'ends_on'>): number {
  return (
    Math.round((Date.parse(letter.ends_on.slice(0, 10)) - Date.parse(letter.starts_on.slice(0, 10))) / 86_400_000) + 1
  );
}

export function studentName(student: Pick<ChartStudent, 'first_name' | 'last_name'>): string {
  return [student.first_name, student.last_name].filter((part) => part.trim() !== '').join(' ');
}

/** A member's name as the record gives it; a removed account has none. */
export function personOrFallback(name: string | null | undefined, fallback: string): string {
  return name && name.trim() !== '' ? name : fallback;
}

export function visitKindLabel(visit: Pick<VisitRecord, 'kind'>): string {
  return visit.kind === 'walk_in' ? 'Walk-in visit' : 'Booked visit';
}

/** Each measure of a reading, its value with units, and what its flags mean, in words that inform without alarming. */
interface VitalRow {
  readonly measure: string;
  readonly value: string;
  /** Empty when the value is within the usual adult range. */
  readonly notes: readonly string[];
}

/** What each of private.vital_flags()'s flags means for the student. */
const VITAL_FLAG_NOTES: Readonly<Record<VitalFlag, string>> = {
  fever: 'Higher than the usual range: a raised temperature (fever).',
  'low temperature': 'Lower than the usual range.',
  'high blood pressure': 'Higher than the usual range. A single reading does not mean you have high blood pressure.',
  'low blood pressure': 'Lower than the usual range. This is common in young, healthy people.',
  'fast pulse': 'Faster than the usual resting range. A fever, stress or hurrying to the clinic can do this.',
  'slow pulse': 'Slower than the usual resting range. This is common in people who are very fit.',
  'fast breathing': 'Faster than the usual range.',
  'slow breathing': 'Slower than the usual range.',
  'low SpO2': 'A little below the usual range.',
  underweight: 'Below the usual range for adults.',
  overweight: 'Above the usual range for adults.',
  obese: 'Above the usual range for adults.',
};

const FLAGS_OF: Readonly<Record<string, readonly VitalFlag[]>> = {
  temperature: ['fever', 'low temperature'],
  bloodPressure: ['high blood pressure', 'low blood pressure'],
  pulse: ['fast pulse', 'slow pulse'],
  breathing: ['fast breathing', 'slow breathing'],
  spo2: ['low SpO2'],
  bmi: ['underweight', 'overweight', 'obese'],
};

function notesFor(reading: VitalReading, measure: keyof typeof FLAGS_OF): string[] {
  return (FLAGS_OF[measure] ?? []).filter((flag) => reading.flags.includes(flag)).map((flag) => VITAL_FLAG_NOTES[flag]);
}

function bloodPressure(reading: VitalReading): string | null {
  const { systolic_mmhg: systolic, diastolic_mmhg: diastolic } = reading;
  if (systolic !== null && diastolic !== null) return `${systolic}/${diastolic} mmHg`;
  if (systolic !== null) return `${systolic} mmHg systolic`;
  if (diastolic !== null) return `${diastolic} mmHg diastolic`;
  return null;
}

/** The measures taken in one reading, in the order a clinic records them; measures not taken are left out. */
export function vitalRows(reading: VitalReading): VitalRow[] {
  const number = (value: number | null) => (value === null ? null : formatDecimal(value));
  const rows: Array<{ measure: string; value: string | null; notes: string[] }> = [
    {
      measure: 'Temperature',
      value: reading.temperature_c === null ? null : `${number(reading.temperature_c)} °C`,
      notes: notesFor(reading, 'temperature'),
    },
    { measure: 'Blood pressure', value: bloodPressure(reading), notes: notesFor(reading, 'bloodPressure') },
    {
      measure: 'Pulse',
      value: reading.pulse_bpm === null ? null : `${reading.pulse_bpm} beats a minute`,
      notes: notesFor(reading, 'pulse'),
    },
    {
      measure: 'Breathing rate',
      value: reading.respiratory_rate === null ? null : `${reading.respiratory_rate} breaths a minute`,
      notes: notesFor(reading, 'breathing'),
    },
    {
      measure: 'Oxygen level (SpO₂)',
      value: reading.spo2_percent === null ? null : `${reading.spo2_percent} %`,
      notes: notesFor(reading, 'spo2'),
    },
    { measure: 'Weight', value: reading.weight_kg === null ? null : `${number(reading.weight_kg)} kg`, notes: [] },
    { measure: 'Height', value: reading.height_cm === null ? null : `${number(reading.height_cm)} cm`, notes: [] },
    {
      measure: 'Body mass index (BMI)',
      value: reading.bmi === null ? null : `${number(reading.bmi)} kg/m²`,
      notes: notesFor(reading, 'bmi'),
    },
  ];
  return rows.filter((row): row is VitalRow & { notes: string[] } => row.value !== null);
}

/** Routes as doctors write them, in everyday words (anything else is shown as written). */
const ROUTE_WORDS: Readonly<Record<string, string>> = {
  oral: 'By mouth',
  po: 'By mouth',
  'by mouth': 'By mouth',
  sublingual: 'Under the tongue',
  topical: 'On the skin',
  cutaneous: 'On the skin',
  inhaled: 'Breathed in',
  inhalation: 'Breathed in',
  nasal: 'In the nose',
  intranasal: 'In the nose',
  ophthalmic: 'In the eye',
  otic: 'In the ear',
  rectal: 'Into the back passage (rectal)',
  vaginal: 'Into the vagina',
  intramuscular: 'Injection into a muscle',
  im: 'Injection into a muscle',
  subcutaneous: 'Injection under the skin',
  intravenous: 'Into a vein (drip or injection)',
  iv: 'Into a vein (drip or injection)',
};

function routeInWords(route: string): string {
  const words = ROUTE_WORDS[route.trim().toLowerCase()];
  return words ? `${words} (${route.trim()})` : route;
}

/** The parts of a prescription the student follows, labelled, in the order one reads them; blanks left out. */
export function prescriptionDetails(prescription: PrescriptionEntry): Array<readonly [string, string]> {
  const parts: Array<readonly [string, string | null]> = [
    ['Strength', prescription.strength],
    ['Dose', prescription.dose],
    ['How to take it', prescription.route === null ? null : routeInWords(prescription.route)],
    ['How often', prescription.frequency],
    ['For how long', prescription.duration],
    ['Quantity', prescription.quantity],
    ['Instructions', prescription.instructions],
  ];
  return parts.filter((part): part is readonly [string, string] => part[1] !== null && part[1].trim() !== '');
}

/** "https://care.example.edu/verify-letter": where anyone holding a letter checks its code (the site the student is on). */
export function verifyLetterAddress(origin: string): string {
  return new URL(PATHS.verifyLetter, origin).toString();
}
