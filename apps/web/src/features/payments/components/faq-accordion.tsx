// FAQ accordion (spec section 2): at most one item open at a time; clicking the open one closes it.
import { useId, useState } from 'react';
import type { TFaqItem } from '@velvet/contracts/entities';
import { toggleFaqItem, type OpenFaqItem } from '../faq.ts';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import styles from './faq-accordion.module.css';

export interface FaqAccordionProps {
  items: readonly TFaqItem[];
}

export function FaqAccordion({ items }: FaqAccordionProps) {
  const [open, setOpen] = useState<OpenFaqItem>(null);
  const baseId = useId();
  return (
    <div className={styles.list} data-testid="faq">
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question} className={styles.item} data-open={expanded} data-testid="faq-item">
            <h3 className={styles.heading}>
              <button
                id={buttonId}
                type="button"
                className={styles.question}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen((current) => toggleFaqItem(current, index))}
              >
                <span>{item.question}</span>
                <ChevronDownIcon size={18} className={styles.chevron} />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.answer} hidden={!expanded}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
