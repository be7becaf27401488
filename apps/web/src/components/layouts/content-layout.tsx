// A screen's frame: document title, heading, optional eyebrow and description, then the content.
import type { ReactNode } from 'react';
import styles from './content-layout.module.css';

export const APP_NAME = 'Velvet';

export interface ContentLayoutProps {
  title: string;
  /** The document title, when it should differ from the heading. */
  documentTitle?: string;
  eyebrow?: string;
  description?: ReactNode;
  centered?: boolean;
  children?: ReactNode;
}

export function ContentLayout({
  title,
  documentTitle,
  eyebrow,
  description,
  centered = false,
  children,
}: ContentLayoutProps) {
  return (
    <div className={[styles.page, centered ? styles.centered : undefined].filter(Boolean).join(' ')}>
      <title>{`${documentTitle ?? title} · ${APP_NAME}`}</title>
      <div>
        <header className={styles.header}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={styles.title}>{title}</h1>
          {description ? <p className={styles.description}>{description}</p> : null}
        </header>
        {children}
      </div>
    </div>
  );
}
