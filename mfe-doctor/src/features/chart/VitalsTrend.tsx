import { useId } from 'react';
import { EmptyState } from '@campuscare/shared';
import type { VitalReading } from '@campuscare/shared/clinical';
import { formatDayOf } from '@campuscare/shared/scheduling';
import { VitalReadingsTable } from '../../components/clinical/RecordViews';
import {
  describeTrend,
  TREND_MEASURES,
  type TrendLine,
  trendLines,
  type TrendMeasure,
  valueBounds,
} from './vitalsTrend';
import styles from './chart.module.css';

const WIDTH = 320;
const HEIGHT = 150;
const PLOT = { left: 48, right: WIDTH - 14, top: 12, bottom: HEIGHT - 30 } as const;
/** The second line (diastolic) is dashed as well as coloured, so the lines differ without colour too. */
const LINE_STYLES = [
  { stroke: 'var(--cc-color-primary)', dash: undefined, fill: 'var(--cc-color-primary)' },
  { stroke: '#b45309', dash: '5 3', fill: '#ffffff' },
] as const;

/** One measure's trend over time: a line per series, its range on the vertical axis, the first and last days below. */
function TrendChart({
  measure,
  lines,
  zone,
}: {
  readonly measure: TrendMeasure;
  readonly lines: readonly TrendLine[];
  readonly zone: string;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const times = lines.flatMap((line) => line.points.map((point) => point.at));
  const first = Math.min(...times);
  const last = Math.max(...times);
  const { min, max } = valueBounds(lines);
  const x = (at: number) =>
    last === first
      ? (PLOT.left + PLOT.right) / 2
      : PLOT.left + ((at - first) / (last - first)) * (PLOT.right - PLOT.left);
  const y = (value: number) => PLOT.bottom - ((value - min) / (max - min)) * (PLOT.bottom - PLOT.top);
  const ticks = [max, (min + max) / 2, min];
  return (
    <figure className={styles.trend}>
      <figcaption className={styles.trendTitle}>
        {measure.label} <span className={styles.unit}>({measure.unit})</span>
      </figcaption>
      <svg
        className={styles.trendSvg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
      >
        <title id={titleId}>{`${measure.label} over time`}</title>
        <desc id={descriptionId}>{describeTrend(measure, lines, zone)}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PLOT.left} x2={PLOT.right} y1={y(tick)} y2={y(tick)} className={styles.grid} />
            <text x={PLOT.left - 6} y={y(tick) + 4} textAnchor="end" className={styles.axisText}>
              {tick.toFixed(measure.decimals)}
            </text>
          </g>
        ))}
        <line x1={PLOT.left} x2={PLOT.left} y1={PLOT.top} y2={PLOT.bottom} className={styles.axis} />
        <line x1={PLOT.left} x2={PLOT.right} y1={PLOT.bottom} y2={PLOT.bottom} className={styles.axis} />
        <text x={PLOT.left} y={HEIGHT - 8} textAnchor="start" className={styles.axisText}>
          {formatDayOf(new Date(first), zone)}
        </text>
        {last !== first && (
          <text x={PLOT.right} y={HEIGHT - 8} textAnchor="end" className={styles.axisText}>
            {formatDayOf(new Date(last), zone)}
          </text>
        )}
        {lines.map((line, index) => {
          const look = LINE_STYLES[index] ?? LINE_STYLES[0];
          return (
            <g key={line.name}>
              {line.points.length > 1 && (
                <polyline
                  points={line.points.map((point) => `${x(point.at)},${y(point.value)}`).join(' ')}
                  fill="none"
                  stroke={look.stroke}
                  strokeWidth={2}
                  strokeDasharray={look.dash}
                />
              )}
              {line.points.map((point, pointIndex) => (
                <circle
                  key={`${point.at}-${pointIndex}`}
                  cx={x(point.at)}
                  cy={y(point.value)}
                  r={3}
                  fill={look.fill}
                  stroke={look.stroke}
                  strokeWidth={1.5}
                />
              ))}
            </g>
          );
        })}
      </svg>
      {lines.length > 1 && (
        <ul className={styles.legend} aria-hidden="true">
          {lines.map((line, index) => (
            <li key={line.name}>
              <span className={index === 0 ? styles.keySolid : styles.keyDashed} /> {line.name}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/**
 * The student's vital signs over time: a small chart per measure (each described in words for screen readers), and
 * every reading in a table as the alternative; days and times on the clinic's calendar and clock (`zone`).
 */
export function VitalsTrend({ readings, zone }: { readonly readings: readonly VitalReading[]; readonly zone: string }) {
  if (readings.length === 0) return <EmptyState title="No vital signs recorded yet" />;
  const charts = TREND_MEASURES.map((measure) => ({ measure, lines: trendLines(measure, readings) })).filter(
    ({ lines }) => lines.some((line) => line.points.length > 0),
  );
  return (
    <div className={styles.trendArea}>
      <div className={styles.trends}>
        {charts.map(({ measure, lines }) => (
          <TrendChart
            key={measure.key}
            measure={measure}
            lines={lines.filter((line) => line.points.length > 0)}
            zone={zone}
          />
        ))}
      </div>
      <details className={styles.details}>
        <summary>
          {readings.length === 1 ? 'The reading as a table' : `All ${readings.length} readings as a table`}
        </summary>
        <VitalReadingsTable caption="Vital signs, oldest first" readings={readings} zone={zone} />
      </details>
    </div>
  );
}
