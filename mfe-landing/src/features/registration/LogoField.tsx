import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { API_MESSAGES, imageFileError } from '@campuscare/shared';
import styles from './registration.module.css';

const ACCEPTED_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * Picks the university logo: images only, 2 MB at most (the bucket's limits), previewed before upload. A file the
 * browser cannot show as an image is dropped with the reason, never left as a broken preview.
 */
export function LogoField({ logo, onChange, disabled }: { readonly logo: File | null; readonly onChange: (logo: File | null) => void; readonly disabled: boolean }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!logo) return undefined;
    const url = URL.createObjectURL(logo);
    setPreviewUrl(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreviewUrl(null);
    };
  }, [logo]);

  const unreadable = () => {
    setError(API_MESSAGES.fileType);
    onChange(null);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? imageFileError(file) : undefined;
    setError(problem ?? null);
    if (problem) event.target.value = '';
    onChange(problem ? null : file);
  };

  return (
    <div className={styles.logoField}>
      <label htmlFor={id} className={styles.logoLabel}>
        University logo (optional)
      </label>
      <input id={id} type="file" accept={ACCEPTED_TYPES} disabled={disabled} aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} onChange={choose} />
      <p id={`${id}-hint`} className={styles.logoHint}>
        PNG, JPEG, GIF or WebP, up to 2 MB.
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.logoError} role="alert">
          {error}
        </p>
      )}
      {previewUrl && <img src={previewUrl} alt="Logo preview" className={styles.logoPreview} onError={unreadable} />}
    </div>
  );
}
