// Terms and Policies tabs (spec section 2): Privacy Policy (default) and Terms & Conditions, as ARIA
// tabs (arrow keys, Home and End move between them and select), each panel a list of sections.
import { useRef, type KeyboardEvent } from 'react';
import type { TermsTab } from '../../../config/paths.ts';
import { LEGAL_DOCUMENTS, LEGAL_LAST_UPDATED, paragraphs } from '../content.ts';
import styles from './legal-tabs.module.css';

export interface LegalTabsProps {
  tab: TermsTab;
  onTabChange: (tab: TermsTab) => void;
}

const tabId = (tab: TermsTab) => `legal-tab-${tab}`;
const panelId = (tab: TermsTab) => `legal-panel-${tab}`;

export function LegalTabs({ tab, onTabChange }: LegalTabsProps) {
  const tabRefs = useRef<Partial<Record<TermsTab, HTMLButtonElement | null>>>({});
  const current = LEGAL_DOCUMENTS.find((doc) => doc.tab === tab) ?? LEGAL_DOCUMENTS[0]!;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = LEGAL_DOCUMENTS.findIndex((doc) => doc.tab === tab);
    const last = LEGAL_DOCUMENTS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = LEGAL_DOCUMENTS[next]!.tab;
    onTabChange(target);
    tabRefs.current[target]?.focus();
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.bar}>
        <div role="tablist" aria-label="Terms and Policies" className={styles.tablist}>
          {LEGAL_DOCUMENTS.map((doc) => {
            const selected = doc.tab === current.tab;
            return (
              <button
                key={doc.tab}
                ref={(node) => {
                  tabRefs.current[doc.tab] = node;
                }}
                type="button"
                role="tab"
                id={tabId(doc.tab)}
                aria-selected={selected}
                aria-controls={panelId(doc.tab)}
                tabIndex={selected ? 0 : -1}
                className={styles.tab}
                onClick={() => onTabChange(doc.tab)}
                onKeyDown={onKeyDown}
              >
                {doc.label}
              </button>
            );
          })}
        </div>
        <p className={styles.updated} data-testid="legal-last-updated">
          {LEGAL_LAST_UPDATED}
        </p>
      </div>
      <div
        role="tabpanel"
        id={panelId(current.tab)}
        aria-labelledby={tabId(current.tab)}
        tabIndex={0}
        className={styles.panel}
      >
        <h2 className={styles.docTitle}>{current.label}</h2>
        {current.sections.map((section) => (
          <section key={section.title} className={styles.section} aria-label={section.title}>
            <h3 className={styles.sectionTitle}>{section.title}</h3>
            {paragraphs(section.content).map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
