import { useId } from 'react';
import styles from './ui.module.css';

export interface SearchBoxProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly placeholder?: string;
}

export function SearchBox({ label, value, onChange, placeholder }: SearchBoxProps) {
  const id = useId();
  return (
    <div role="search" className={styles.search}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} type="search" className={styles.input} value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
