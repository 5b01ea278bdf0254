import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from './Visits.module.css';

interface PrintJob {
  /** The document's title while printing: browsers offer it as the PDF's file name. */
  readonly title: string;
  readonly content: ReactNode;
}

/**
 * Prints one piece of the page on its own (a visit's summary, a letter): it is put at the end of the body, everything
 * else in the body (the sidebar, the page, an open dialog) is left out of the print, and the browser's print dialog
 * opens, where "Save as PDF" downloads it. Render `portal` somewhere in the component.
 */
export function usePrint(): {
  readonly print: (title: string, content: ReactNode) => void;
  readonly portal: ReactNode;
} {
  const [job, setJob] = useState<PrintJob | null>(null);

  useEffect(() => {
    if (!job) return undefined;
    const { body } = document;
    const pageTitle = document.title;
    body.classList.add(styles.printing);
    document.title = job.title;
    const done = () => setJob(null);
    window.addEventListener('afterprint', done);
    // The printed part is in the document now (effects run after it is committed).
    window.print();
    return () => {
      window.removeEventListener('afterprint', done);
      body.classList.remove(styles.printing);
      document.title = pageTitle;
    };
  }, [job]);

  const print = useCallback((title: string, content: ReactNode) => setJob({ title, content }), []);
  const portal = job ? createPortal(<div className={styles.printRoot}>{job.content}</div>, document.body) : null;
  return { print, portal };
}
