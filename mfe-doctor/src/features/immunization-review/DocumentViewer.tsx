import { Button, ErrorBanner, useApiMutation, useObjectUrl } from '@campuscare/shared';
import type { OpenedDocument, ReviewItem } from './reviewApi';
import { openDocumentMutation } from './reviewQueries';
import { documentShownAs } from './reviewFormat';
import styles from './review.module.css';

/** The opened file in the page, for as long as the item is on screen. */
function ShownDocument({ opened, label }: { readonly opened: OpenedDocument; readonly label: string }) {
  const url = useObjectUrl(opened.blob);
  if (url === null) return null;
  const shownAs = documentShownAs(opened.contentType);
  return (
    <div className={styles.shown}>
      {shownAs === 'image' && <img src={url} alt={label} className={styles.documentImage} />}
      {shownAs === 'pdf' && (
        <object data={url} type="application/pdf" aria-label={label} className={styles.documentPdf}>
          <p className={styles.muted}>This browser shows no PDF here: download it.</p>
        </object>
      )}
      <a href={url} download={opened.fileName ?? 'document'} className={styles.download}>
        Download {opened.fileName ?? 'the document'}
      </a>
    </div>
  );
}

/**
 * The document a dose or an exemption rests on, opened only when the doctor asks: each opening is recorded in the
 * student's "Who viewed my health record".
 */
export function DocumentViewer({ item }: { readonly item: ReviewItem }) {
  const open = useApiMutation(openDocumentMutation, { errors: 'caller' });
  const document = item.document;
  if (document === null) return <p className={styles.muted}>No document was sent with it.</p>;
  const label = `Document from ${item.student.name}: ${document.name ?? 'no file name'}`;
  return (
    <div className={styles.document}>
      <p className={styles.documentName}>{document.name ?? 'A document'}</p>
      {open.data ? (
        <ShownDocument opened={open.data} label={label} />
      ) : (
        <>
          <p className={styles.muted}>Opening it is recorded where {item.student.name} can see it.</p>
          <Button
            variant="secondary"
            className={styles.openButton}
            disabled={open.isPending}
            onClick={() => open.mutate(document.id)}
            aria-label={`Open the document from ${item.student.name}`}
          >
            {open.isPending ? 'Opening…' : 'Open the document'}
          </Button>
        </>
      )}
      {open.error && <ErrorBanner message={open.error.message} />}
    </div>
  );
}
