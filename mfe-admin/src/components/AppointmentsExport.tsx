import { useState } from 'react';
import { TextField } from '@campuscare/shared';
import { ExportButton } from './exportCsv';
import styles from './components.module.css';

/** The appointments of a range of clinic days as CSV (at most a year; the database checks the range). */
export function AppointmentsExport() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <div className={styles.exportRange} role="group" aria-label="Export appointments">
      <TextField label="From" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
      <TextField label="To" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      <ExportButton
        request={{ report: 'appointments', from, to }}
        label="Export appointments (CSV)"
        disabled={from === '' || to === ''}
      />
    </div>
  );
}
