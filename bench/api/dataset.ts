import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/**
 * The shape of the benchmark dataset, shared by the loader (which writes it with SQL) and the runner (which derives
 * the same ids in JavaScript to mint tokens). Ids follow the seed's convention: `md5(email)::uuid`.
 */
export interface UniversitySpec {
  id: string;
  name: string;
  domain: string;
  joinCode: string;
  regPrefix: string;
  students: number;
  doctors: number;
  appointments: number;
}

export const BIG_UNIVERSITY: UniversitySpec = {
  id: 'c3a0b1d2-0000-4000-8000-00000000be01',
  name: 'Greatlakes State University',
  domain: 'greatlakes.bench',
  joinCode: 'BENCH-GREATLAKES',
  regPrefix: 'GSU',
  students: 100_000,
  doctors: 40,
  appointments: 1_000_000,
};

/** A second tenant, so every query also has to keep another university's rows out. */
export const SMALL_UNIVERSITY: UniversitySpec = {
  id: 'c3a0b1d2-0000-4000-8000-00000000be02',
  name: 'Harbourside College',
  domain: 'harbourside.bench',
  joinCode: 'BENCH-HARBOURSIDE',
  regPrefix: 'HBC',
  students: 5_000,
  doctors: 8,
  appointments: 50_000,
};

export const UNIVERSITIES = [BIG_UNIVERSITY, SMALL_UNIVERSITY];

/** Six years of visits: the last day with appointments is FUTURE_DAYS after the load; the rest lies in the past. */
export const HISTORY_DAYS = 6 * 365;
export const FUTURE_DAYS = 60;
/**
 * Benchmark bookings go this far ahead, well past every loaded appointment and inside the one-year booking limit,
 * so each run can delete exactly what it booked.
 */
export const BOOKING_WINDOW_START_DAYS = 250;

/**
 * The patient chart (scenario patient-chart): this many students of the big university each have
 * CHART_VISITS past signed visits on top of their own, in the evening (CHART_EVENING_SLOTS half-hour slots from
 * CHART_EVENING_STARTS_HOUR, when the loader books nobody), one chart visit per slot and day, so no student and no
 * doctor is ever in two at once.
 */
export const CHART_STUDENTS = 200;
export const CHART_VISITS = 50;
export const CHART_EVENING_STARTS_HOUR = 18;
export const CHART_EVENING_SLOTS = 8;
/**
 * Chart student k (0-based, taken mod CHART_STUDENTS): spread over the university, 1, 501, 1001, … The loader gives
 * student n its appointments i with 7919·i ≡ n − 1 (mod students), so for these i ≡ 0 (mod 100): their own ten
 * appointments are all cancelled ones, and each chart holds exactly CHART_VISITS visits, the figure.
 */
export function chartStudentNumber(k: number): number {
  const index = ((k % CHART_STUDENTS) + CHART_STUDENTS) % CHART_STUDENTS;
  return 1 + index * Math.floor(BIG_UNIVERSITY.students / CHART_STUDENTS);
}

export function benchDataDir(): string {
  return resolve(process.env.CAMPUSCARE_BENCH_DATA_DIR ?? '.bench-data');
}

export function md5Uuid(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const adminEmail = (u: UniversitySpec) => `admin@${u.domain}`;
export const doctorEmail = (u: UniversitySpec, k: number) => `doctor${k}@${u.domain}`;
export const studentEmail = (u: UniversitySpec, n: number) => `student${n}@${u.domain}`;

export const adminId = (u: UniversitySpec) => md5Uuid(adminEmail(u));
/** Doctors are numbered 1..doctors. */
export const doctorId = (u: UniversitySpec, k: number) => md5Uuid(doctorEmail(u, k));
/** Students are numbered 1..students. */
export const studentId = (u: UniversitySpec, n: number) => md5Uuid(studentEmail(u, n));

/** 50 × 50 name pairs: a search for one last name matches about 2% of a university's appointments. */
export const FIRST_NAMES = [
  'Ada',
  'Bayo',
  'Chloe',
  'Daniel',
  'Efua',
  'Farid',
  'Grace',
  'Hugo',
  'Ifeoma',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Nnamdi',
  'Olivia',
  'Pedro',
  'Quinn',
  'Rosa',
  'Samuel',
  'Tara',
  'Uche',
  'Vera',
  'Wale',
  'Xena',
  'Yusuf',
  'Zara',
  'Amara',
  'Ben',
  'Carmen',
  'Dayo',
  'Elena',
  'Femi',
  'Gina',
  'Hassan',
  'Ines',
  'Jide',
  'Kofi',
  'Lola',
  'Musa',
  'Nia',
  'Oscar',
  'Priya',
  'Rami',
  'Sade',
  'Tomas',
  'Ugo',
  'Violet',
  'Wanda',
  'Yemi',
  'Zoe',
];
export const LAST_NAMES = [
  'Okoro',
  'Smith',
  'Mensah',
  'Novak',
  'Owusu',
  'Haddad',
  'Kim',
  'Laurent',
  'Eze',
  'Berg',
  'Adeyemi',
  'Walsh',
  'Patel',
  'Obi',
  'Brown',
  'Silva',
  'Murphy',
  'Garcia',
  'Nwosu',
  'Singh',
  'Okafor',
  'Jones',
  'Mbeki',
  'Rossi',
  'Tanaka',
  'Ibrahim',
  'Keller',
  'Dubois',
  'Costa',
  'Ahmed',
  'Boateng',
  'Lewis',
  'Moreau',
  'Nakamura',
  'Olsen',
  'Petrov',
  'Quaye',
  'Reyes',
  'Schmidt',
  'Taylor',
  'Usman',
  'Varga',
  'Wright',
  'Xu',
  'Yilmaz',
  'Zhou',
  'Afolabi',
  'Baker',
  'Chukwu',
  'Diallo',
];
/**
 * The admin overview's search: a student's full name as a person types it (one of the 2,500 name pairs, ~400
 * appointments over six years). A surname alone matches ~20,000; bench/results/latest.md gives that case's cost.
 */
export const ADMIN_SEARCH_TERM = 'ada okafor';
