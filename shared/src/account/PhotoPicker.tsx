import { useId, useRef, useState, type ChangeEvent } from 'react';
import { API_MESSAGES, Button, imageFileError, useApiMutation, useObjectUrl, userMessage } from '@campuscare/shared';
import { photoUploadMutation } from './avatarQueries';
import styles from './account.module.css';

interface PhotoPickerProps {
  /** Names the picker, e.g. "Profile photo". */
  readonly label: string;
  readonly bucket: string;
  /** The object path to store a chosen file at (e.g. `<user_id>/avatar.png`); upload replaces what is there. */
  readonly pathFor: (file: File) => string;
  /** The image stored now, shown until another one is chosen. */
  readonly currentUrl?: string | null;
  readonly uploadLabel?: string;
  /** What may be chosen, shown under the file input. */
  readonly hint?: string;
  /** Called with the stored path after a successful upload; a rejected promise is shown as the error. */
  readonly onUploaded: (path: string) => Promise<unknown> | void;
}

/**
 * Picks an image (type and size checked here, again by the bucket), previews it, and uploads it on request. A file the
 * browser cannot show or the server refuses is dropped: the stored image stays, with the reason next to it.
 */
export function PhotoPicker({
  label,
  bucket,
  pathFor,
  currentUrl = null,
  uploadLabel = 'Change Profile photo',
  hint,
  onUploaded,
}: PhotoPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const previewUrl = useObjectUrl(file);
  const [error, setError] = useState<string | null>(null);
  const upload = useApiMutation(photoUploadMutation(onUploaded), { errors: 'caller' });

  const drop = (reason: string | null) => {
    setFile(null);
    setError(reason);
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setError(null);
    if (!chosen) return;
    const problem = imageFileError(chosen);
    if (problem) drop(problem);
    else setFile(chosen);
  };

  const send = async () => {
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync({ bucket, path: pathFor(file), file });
      drop(null);
    } catch (uploadError) {
      drop(userMessage(uploadError));
    }
  };

  const shown = previewUrl ?? currentUrl;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter((id) => id !== null).join(' ');
  return (
    <div className={styles.picker}>
      {shown ? (
        <img
          src={shown}
          alt={previewUrl ? `${label} preview` : label}
          className={styles.preview}
          onError={previewUrl ? () => drop(API_MESSAGES.fileType) : undefined}
        />
      ) : (
        <div className={styles.placeholder}>No photo</div>
      )}
      <div className={styles.pickerControls}>
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          accept="image/*"
          onChange={choose}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy === '' ? undefined : describedBy}
        />
        {hint && (
          <p id={hintId} className={styles.hint}>
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} role="alert" className={styles.formError}>
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void send()} disabled={upload.isPending || !file}>
            {upload.isPending ? 'Uploading…' : uploadLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
