import { useEffect, useId, useState } from 'react';
import styles from './ui.module.css';

interface SearchBoxProps {
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
      <input
        id={id}
        type="search"
        className={styles.input}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** How long typing must pause before a search goes to the server (one request per word, not per key). */
export const SEARCH_DELAY_MS = 300;

/** A search box's text now, and the text to search for: the same, once typing has paused for SEARCH_DELAY_MS. */
export function useSearchTerm(): {
  readonly search: string;
  readonly setSearch: (value: string) => void;
  readonly appliedSearch: string;
} {
  const [search, setSearch] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAppliedSearch(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  return { search, setSearch, appliedSearch };
}
