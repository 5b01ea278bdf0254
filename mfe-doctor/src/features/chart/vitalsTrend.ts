import type { VitalReading } from '@campuscare/shared/clinical';
import { formatDayOf } from '@campuscare/shared/scheduling';

/** One measure of the trend: its readings' values over time, and how they are said. */
export interface TrendMeasure {
  readonly key: string;
  readonly label: string;
  readonly unit: string;
  readonly decimals: 0 | 1;
  /** One or two lines (blood pressure: systolic and diastolic). */
  readonly series: readonly { readonly name: string; readonly value: (reading: VitalReading) => number | null }[];
}

export const TREND_MEASURES: readonly TrendMeasure[] = [
  {
    key: 'temperature',
    label: 'Temperature',
    unit: '°C',
    decimals: 1,
    series: [{ name: 'Temperature', value: (reading) => reading.temperature_c }],
  },
  {
    key: 'pressure',
    label: 'Blood pressure',
    unit: 'mmHg',
    decimals: 0,
    series: [
      { name: 'Systolic', value: (reading) => reading.systolic_mmhg },
      { name: 'Diastolic', value: (reading) => reading.diastolic_mmhg },
    ],
  },
  {
    key: 'pulse',
    label: 'Pulse',
    unit: 'beats/min',
    decimals: 0,
    series: [{ name: 'Pulse', value: (reading) => reading.pulse_bpm }],
  },
  {
    key: 'respiratory',
    label: 'Respiratory rate',
    unit: 'breaths/min',
    decimals: 0,
    series: [{ name: 'Respiratory rate', value: (reading) => reading.respiratory_rate }],
  },
  {
    key: 'spo2',
    label: 'SpO₂',
    unit: '%',
    decimals: 0,
    series: [{ name: 'SpO₂', value: (reading) => reading.spo2_percent }],
  },
  {
    key: 'weight',
    label: 'Weight',
    unit: 'kg',
    decimals: 1,
    series: [{ name: 'Weight', value: (reading) => reading.weight_kg }],
  },
  { key: 'bmi', label: 'BMI', unit: 'kg/m²', decimals: 1, series: [{ name: 'BMI', value: (reading) => reading.bmi }] },
];

interface TrendPoint {
  /** ms since the epoch. */
  readonly at: number;
  readonly value: number;
}

export interface TrendLine {
  readonly name: string;
  readonly points: readonly TrendPoint[];
}

/** A measure's lines, oldest reading first; readings without the measure are left out. */
export function trendLines(measure: TrendMeasure, readings: readonly VitalReading[]): readonly TrendLine[] {
  return measure.series.map((series) => ({
    name: series.name,
    points: readings
      .flatMap((reading) => {
        const value = series.value(reading);
        return value === null ? [] : [{ at: Date.parse(reading.recorded_at), value }];
      })
      .sort((a, b) => a.at - b.at),
  }));
}

/** The bounds the lines are drawn in: the values' range with a margin, never empty. */
export function valueBounds(lines: readonly TrendLine[]): { readonly min: number; readonly max: number } {
  const values = lines.flatMap((line) => line.points.map((point) => point.value));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const margin = high === low ? Math.max(1, Math.abs(high) * 0.05) : (high - low) * 0.1;
  return { min: low - margin, max: high + margin };
}

/**
 * What a screen reader hears for a measure's chart: how many readings over which days of the clinic's calendar, the
 * lowest, the highest and the latest ("Temperature, °C: 3 readings from Fri, 2 Jan 2026 to Wed, 4 Mar 2026; lowest
 * 36.5, highest 38.4, latest 37.0 on Wed, 4 Mar 2026.").
 */
export function describeTrend(measure: TrendMeasure, lines: readonly TrendLine[], zone: string): string {
  const formatDate = (at: number) => formatDayOf(new Date(at), zone);
  const parts = lines
    .filter((line) => line.points.length > 0)
    .map((line) => {
      const values = line.points.map((point) => point.value);
      const first = line.points[0];
      const last = line.points[line.points.length - 1];
      if (!first || !last) return '';
      const fixed = (value: number) => value.toFixed(measure.decimals);
      const count = `${line.points.length} ${line.points.length === 1 ? 'reading' : 'readings'}`;
      const span =
        first.at === last.at ? `on ${formatDate(first.at)}` : `from ${formatDate(first.at)} to ${formatDate(last.at)}`;
      const prefix = lines.length > 1 ? `${line.name}: ` : '';
      return `${prefix}${count} ${span}; lowest ${fixed(Math.min(...values))}, highest ${fixed(Math.max(...values))}, latest ${fixed(last.value)} on ${formatDate(last.at)}.`;
    });
  return `${measure.label}, ${measure.unit}. ${parts.join(' ')}`;
}
