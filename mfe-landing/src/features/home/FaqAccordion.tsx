import { useId, useState } from 'react';
import styles from './HomePage.module.css';

interface FaqItem {
  readonly question: string;
  readonly answer: string;
}

/** The WAI-ARIA accordion pattern: each question is a button that shows or hides its answer region. */
export function FaqAccordion({ items }: { readonly items: readonly FaqItem[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className={styles.accordion}>
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-question-${index}`;
        const panelId = `${baseId}-answer-${index}`;
        return (
          <div key={item.question} className={styles.faq}>
            <h3 className={styles.faqHeading}>
              <button
                id={buttonId}
                type="button"
                className={styles.faqButton}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{item.question}</span>
                <span aria-hidden="true">{expanded ? '−' : '+'}</span>
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className={styles.faqAnswer}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
