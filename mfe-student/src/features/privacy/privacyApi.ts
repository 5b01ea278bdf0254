import type { Bundle, FhirResource } from 'fhir/r4';
import { ApiError, type CampusCareClient, type Json, type PagedRows, unwrap } from '@campuscare/shared';
import { dayInZone, formatDateTime, formatDay, formatInZone } from '@campuscare/shared/scheduling';

/** One read of the student's health record by a member of staff, as `my_health_record_views` returns it. */
export interface HealthRecordView {
  readonly id: number;
  readonly viewed_at: string;
  /** As the viewer was named when they read it (a name can be changed later; this cannot). */
  readonly viewer_name: string;
  /** Likewise; null only for reads recorded before emails were, by an account removed since. */
  readonly viewer_email: string | null;
  /** Null when the viewer's account has been removed since. */
  readonly viewer_role: string | null;
  /** Null for reads made before screens were recorded, or straight through the API. */
  readonly screen: string | null;
}

interface ViewsPageRequest {
  /** 1-based. */
  readonly page: number;
  readonly pageSize: number;
}

/** A page of who read the signed-in student's health record, newest first; the database returns the caller's only. */
export async function listHealthRecordViews(
  client: CampusCareClient,
  { page, pageSize }: ViewsPageRequest,
): Promise<PagedRows<HealthRecordView>> {
  const from = (page - 1) * pageSize;
  const result = await client
    .rpc('my_health_record_views', undefined, { count: 'exact' })
    .order('viewed_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, from + pageSize - 1);
  return { rows: unwrap(result), total: result.count ?? 0 };
}

const ROLE_LABEL: Readonly<Record<string, string>> = { doctor: 'Doctor', admin: 'Administrator' };

export function viewerRoleLabel(role: string | null): string {
  return role === null ? 'Former staff member' : (ROLE_LABEL[role] ?? role);
}

export function screenLabel(screen: string | null): string {
  return screen ?? 'Not recorded';
}

type JsonObject = { readonly [key: string]: Json | undefined };

/** Everything the university holds about the student, as `my_data` returns it. */
export interface MyData {
  readonly exported_at: string;
  readonly university: JsonObject | null;
  readonly profile: JsonObject;
  readonly health_profile: JsonObject | null;
  readonly appointments: readonly JsonObject[];
  /** The clinical record: signed visits (each with everything under it), and their readings, medicines and letters. */
  readonly visits: readonly JsonObject[];
  readonly vital_signs: readonly JsonObject[];
  readonly prescriptions: readonly JsonObject[];
  readonly excuse_letters: readonly JsonObject[];
  /** Every dose the student or the clinic recorded, with its review, and the student's exemption requests. */
  readonly immunizations: readonly JsonObject[];
  readonly immunization_exemptions: readonly JsonObject[];
  readonly health_record_views: readonly JsonObject[];
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objects(value: Json | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

export async function loadMyData(client: CampusCareClient): Promise<MyData> {
  const data = unwrap(await client.rpc('my_data'));
  if (!isObject(data) || !isObject(data.profile) || typeof data.exported_at !== 'string') {
    throw new ApiError('Your data could not be prepared: please try again');
  }
  return {
    exported_at: data.exported_at,
    university: isObject(data.university) ? data.university : null,
    profile: data.profile,
    health_profile: isObject(data.health_profile) ? data.health_profile : null,
    appointments: objects(data.appointments),
    visits: objects(data.visits),
    vital_signs: objects(data.vital_signs),
    prescriptions: objects(data.prescriptions),
    excuse_letters: objects(data.excuse_letters),
    immunizations: objects(data.immunizations),
    immunization_exemptions: objects(data.immunization_exemptions),
    health_record_views: objects(data.health_record_views),
  };
}

export const MY_DATA_FILE_NAME = 'campuscare-my-data.json';

export function myDataJson(data: MyData): string {
  return JSON.stringify(data, null, 2);
}

/** The student's record as a FHIR R4 collection, as `my_fhir_bundle` builds it; stamped with the moment it was made. */
export type FhirRecord = Bundle<FhirResource> & { readonly type: 'collection'; readonly timestamp: string };

export const FHIR_RECORD_UNREADABLE = 'Your health record could not be prepared: please try again';

function isFhirRecord(value: unknown): value is FhirRecord {
  if (typeof value !== 'object' || value === null) return false;
  const bundle = value as Partial<Record<keyof Bundle, unknown>>;
  return (
    bundle.resourceType === 'Bundle' &&
    bundle.type === 'collection' &&
    typeof bundle.timestamp === 'string' &&
    Array.isArray(bundle.entry)
  );
}

export async function loadFhirRecord(client: CampusCareClient): Promise<FhirRecord> {
  const record: unknown = unwrap(await client.rpc('my_fhir_bundle'));
  if (!isFhirRecord(record)) throw new ApiError(FHIR_RECORD_UNREADABLE);
  return record;
}

/** `campuscare-record-<day>.json`, the day the record was made on the clinic's calendar. */
export function fhirRecordFileName(record: FhirRecord, zone: string): string {
  return `campuscare-record-${dayInZone(record.timestamp, zone)}.json`;
}

export function fhirRecordJson(record: FhirRecord): string {
  return JSON.stringify(record, null, 2);
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** A value as text for people: text written by `write` (a day or a moment formatted), empty values as a dash, lists joined. */
function display(value: Json | undefined, write: (text: string) => string = (text) => text): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return write(value);
  if (Array.isArray(value)) return value.map((item) => display(item)).join(', ') || '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

interface Field {
  readonly key: string;
  readonly label: string;
  /** A calendar day, or a moment shown on the clinic's clock; text otherwise. */
  readonly kind?: 'day' | 'moment';
}

/** A field's value as text, its days and moments in the product's formats (moments in the clinic's `zone`). */
function fieldText(field: Field, value: Json | undefined, zone: string): string {
  return display(
    value,
    field.kind === 'moment' ? (moment) => formatDateTime(moment, zone) : field.kind === 'day' ? formatDay : undefined,
  );
}

/** A field's heading; a moment's names the zone its times are in. */
function fieldLabel(field: Field, zone: string): string {
  return field.kind === 'moment' ? `${field.label} (${zone})` : field.label;
}

const PROFILE_FIELDS: readonly Field[] = [
  { key: 'first_name', label: 'First name' },
  { key: 'last_name', label: 'Last name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'reg_number', label: 'Matric number' },
  { key: 'department', label: 'Department' },
  { key: 'year_of_study', label: 'Year of study' },
  { key: 'status', label: 'Account status' },
  { key: 'created_at', label: 'Member since', kind: 'moment' },
];

const HEALTH_FIELDS: readonly Field[] = [
  { key: 'genotype', label: 'Genotype' },
  { key: 'blood_group', label: 'Blood group' },
  { key: 'disabled', label: 'Disability' },
  { key: 'allergies', label: 'Allergies' },
  { key: 'bmi', label: 'BMI' },
  { key: 'updated_at', label: 'Last updated', kind: 'moment' },
];

const APPOINTMENT_FIELDS: readonly Field[] = [
  { key: 'date', label: 'Date', kind: 'moment' },
  { key: 'reason', label: 'Reason' },
  { key: 'status', label: 'Status' },
  { key: 'provider_name', label: 'Doctor' },
  { key: 'department', label: 'Department' },
  { key: 'cancel_reason', label: 'Cancellation reason' },
];

const VISIT_FIELDS: readonly Field[] = [
  { key: 'date', label: 'Date', kind: 'moment' },
  { key: 'doctor_name', label: 'Doctor' },
  { key: 'reason', label: 'Reason' },
  { key: 'chief_complaint', label: 'Main concern' },
  { key: 'diagnoses', label: 'Diagnoses' },
  { key: 'assessment', label: 'Assessment' },
  { key: 'plan', label: 'Plan' },
  { key: 'follow_up', label: 'Follow-up' },
];

const VITAL_FIELDS: readonly Field[] = [
  { key: 'recorded_at', label: 'When', kind: 'moment' },
  { key: 'temperature_c', label: 'Temperature (°C)' },
  { key: 'blood_pressure', label: 'Blood pressure (mmHg)' },
  { key: 'pulse_bpm', label: 'Pulse (per minute)' },
  { key: 'respiratory_rate', label: 'Breathing rate (per minute)' },
  { key: 'spo2_percent', label: 'SpO₂ (%)' },
  { key: 'weight_kg', label: 'Weight (kg)' },
  { key: 'height_cm', label: 'Height (cm)' },
  { key: 'bmi', label: 'BMI' },
];

const PRESCRIPTION_FIELDS: readonly Field[] = [
  { key: 'prescribed_at', label: 'Prescribed', kind: 'moment' },
  { key: 'drug', label: 'Medicine' },
  { key: 'strength', label: 'Strength' },
  { key: 'dose', label: 'Dose' },
  { key: 'route', label: 'Route' },
  { key: 'frequency', label: 'How often' },
  { key: 'duration', label: 'For how long' },
  { key: 'quantity', label: 'Quantity' },
  { key: 'instructions', label: 'Instructions' },
];

const LETTER_FIELDS: readonly Field[] = [
  { key: 'issued_at', label: 'Issued', kind: 'moment' },
  { key: 'starts_on', label: 'Excused from', kind: 'day' },
  { key: 'ends_on', label: 'Excused until', kind: 'day' },
  { key: 'issued_by_name', label: 'Doctor' },
  { key: 'status', label: 'Status' },
];

const IMMUNIZATION_FIELDS: readonly Field[] = [
  { key: 'given_on', label: 'Given on', kind: 'day' },
  { key: 'vaccine_name', label: 'Vaccine' },
  { key: 'cvx_code', label: 'CVX code' },
  { key: 'given_at', label: 'Where' },
  { key: 'lot', label: 'Lot' },
  { key: 'source', label: 'Recorded by' },
  { key: 'review_status', label: 'Review' },
  { key: 'reject_reason', label: 'Why it was not accepted' },
];

const EXEMPTION_FIELDS: readonly Field[] = [
  { key: 'created_at', label: 'Asked', kind: 'moment' },
  { key: 'requirement_name', label: 'Requirement' },
  { key: 'kind', label: 'Kind' },
  { key: 'reason', label: 'Reason' },
  { key: 'review_status', label: 'Review' },
  { key: 'reject_reason', label: 'Why it was not accepted' },
];

/** The words for the immunization record's stored values. */
const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  source: { student: 'You', clinic: 'The clinic' },
  review_status: { pending: 'Under review', approved: 'Accepted', rejected: 'Not accepted' },
  kind: { medical: 'Medical', personal: 'Personal' },
};

const VIEW_FIELDS: readonly Field[] = [
  { key: 'viewed_at', label: 'When', kind: 'moment' },
  { key: 'viewer_name', label: 'Who' },
  { key: 'viewer_role', label: 'Role' },
  { key: 'screen', label: 'Screen' },
];

function detailsTable(caption: string, row: JsonObject, fields: readonly Field[], zone: string): string {
  const cells = fields.map(
    (field) =>
      `<tr><th scope="row">${escapeHtml(fieldLabel(field, zone))}</th><td>${escapeHtml(fieldText(field, row[field.key], zone))}</td></tr>`,
  );
  return `<table><caption>${escapeHtml(caption)}</caption><tbody>${cells.join('')}</tbody></table>`;
}

function listTable(
  caption: string,
  rows: readonly JsonObject[],
  fields: readonly Field[],
  zone: string,
  empty: string,
  cell: (field: Field, row: JsonObject) => string,
): string {
  if (rows.length === 0) return `<h2>${escapeHtml(caption)}</h2><p>${escapeHtml(empty)}</p>`;
  const head = fields.map((field) => `<th scope="col">${escapeHtml(fieldLabel(field, zone))}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${fields.map((field) => `<td>${escapeHtml(cell(field, row))}</td>`).join('')}</tr>`)
    .join('');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A visit's diagnoses on one line: "Malaria (B50.9); Dehydration". */
function diagnosesText(value: Json | undefined): string {
  const names = objects(value).map((diagnosis) => {
    const description = display(diagnosis.description);
    return typeof diagnosis.icd10_code === 'string' ? `${description} (${diagnosis.icd10_code})` : description;
  });
  return names.length > 0 ? names.join('; ') : '—';
}

function bloodPressureText(reading: JsonObject): string {
  const systolic = reading.systolic_mmhg;
  const diastolic = reading.diastolic_mmhg;
  if (typeof systolic === 'number' && typeof diastolic === 'number') return `${systolic}/${diastolic}`;
  return '—';
}

const PRINT_STYLES = `
  body { font: 14px/1.5 system-ui, sans-serif; color: #111; margin: 2rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  table { border-collapse: collapse; width: 100%; margin: 1.5rem 0; page-break-inside: auto; }
  caption, h2 { font-size: 1.1rem; font-weight: 600; text-align: left; margin: 1.5rem 0 .5rem; }
  th, td { border: 1px solid #999; padding: .3rem .5rem; text-align: left; vertical-align: top; }
  tr { page-break-inside: avoid; }
  @media print { body { margin: 0; } }
`;

/**
 * A self-contained printable page of the student's data: every value escaped, no scripts, no external resources;
 * times on the clinic's clock (`zone`), which the page names.
 */
export function myDataHtml(data: MyData, zone: string): string {
  const name = `${display(data.profile.first_name)} ${display(data.profile.last_name)}`;
  const university = data.university ? display(data.university.name) : '';
  const text = (value: Json | undefined) => (typeof value === 'string' ? value : null);
  const fieldCell = (field: Field, row: JsonObject) => {
    const value = row[field.key];
    const labels = VALUE_LABELS[field.key];
    if (labels && typeof value === 'string') return labels[value] ?? value;
    if (field.key === 'viewer_role') return viewerRoleLabel(text(value));
    if (field.key === 'screen') return screenLabel(text(value));
    if (field.key === 'diagnoses') return diagnosesText(value);
    if (field.key === 'blood_pressure') return bloodPressureText(row);
    return fieldText(field, value, zone);
  };
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(`My data — ${name}`)}</title>`,
    `<style>${PRINT_STYLES}</style></head><body>`,
    `<h1>${escapeHtml(`My data — ${name}`)}</h1>`,
    `<p>${escapeHtml(`${university ? `${university}. ` : ''}Exported ${formatInZone(data.exported_at, zone)}. Times are the clinic's, in ${zone}. Use your browser's Print command to print it or save it as a file.`)}</p>`,
    detailsTable('Profile', data.profile, PROFILE_FIELDS, zone),
    data.health_profile
      ? detailsTable('Health profile', data.health_profile, HEALTH_FIELDS, zone)
      : `<h2>Health profile</h2><p>${escapeHtml('You have not answered the health questionnaire yet.')}</p>`,
    listTable('Appointments', data.appointments, APPOINTMENT_FIELDS, zone, 'No appointments.', fieldCell),
    listTable('Visits', data.visits, VISIT_FIELDS, zone, 'No signed visits.', fieldCell),
    listTable('Vital signs', data.vital_signs, VITAL_FIELDS, zone, 'No vital signs recorded.', fieldCell),
    listTable('Prescriptions', data.prescriptions, PRESCRIPTION_FIELDS, zone, 'No prescriptions.', fieldCell),
    listTable('Excuse letters', data.excuse_letters, LETTER_FIELDS, zone, 'No excuse letters.', (field, row) =>
      field.key === 'status' ? (row.status === 'revoked' ? 'Revoked' : 'Valid') : fieldCell(field, row),
    ),
    listTable('Immunizations', data.immunizations, IMMUNIZATION_FIELDS, zone, 'No immunizations recorded.', fieldCell),
    listTable(
      'Immunization exemptions',
      data.immunization_exemptions,
      EXEMPTION_FIELDS,
      zone,
      'No exemptions asked for.',
      fieldCell,
    ),
    listTable(
      'Who viewed my health record',
      data.health_record_views,
      VIEW_FIELDS,
      zone,
      'Nobody has viewed your health record.',
      fieldCell,
    ),
    '</body></html>',
  ].join('\n');
}
