// Filter and Sort (spec section 2, Gallery screens). Desktop: filter chips and a sort dropdown. Under
// 768px: one 'filter • sort' button opening a panel with a Filter and a Sort section; choosing either
// closes it. One piece of state says which is open, so the filter panel and the sort dropdown are
// never open together. Outside clicks and Escape close them.
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { FILTERS, SORTS, type Filter, type Sort } from '@velvet/contracts/options';
import { GALLERY_TEXTS } from '../gallery-texts.ts';
import { CheckIcon, ChevronDownIcon, SlidersIcon } from '../../../components/ui/icons.tsx';
import { useDismiss } from '../../../lib/use-dismiss.ts';
import styles from './gallery-controls.module.css';

export interface GalleryControlsProps {
  filter: Filter;
  sort: Sort;
  isMobile: boolean;
  onFilterChange: (filter: Filter) => void;
  onSortChange: (sort: Sort) => void;
}

type OpenMenu = 'filter' | 'sort' | null;

export function GalleryControls({ filter, sort, isMobile, onFilterChange, onSortChange }: GalleryControlsProps) {
  const [open, setOpen] = useState<OpenMenu>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const sortButtonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const mobileButtonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // The sort list takes the focus on the chosen sort; arrows move between the options.
  useEffect(() => {
    if (open !== 'sort') return;
    const selected = menuRef.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    selected?.focus();
  }, [open]);

  const onMenuKey = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const options = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);
    const index = options.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => options[(i + options.length) % options.length]?.focus();
    if (event.key === 'ArrowDown') focus(index + 1);
    else if (event.key === 'ArrowUp') focus(index - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(options.length - 1);
    else if (event.key === 'Tab') setOpen(null);
    else if (event.key === 'Escape') sortButtonRef.current?.focus();
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  /**
   * Closes the open panel or list. When the keyboard focus was inside it (Escape, or a choice made with
   * Enter), focus goes back to the button that opened it rather than falling to the page's start.
   */
  const close = () => {
    const active = document.activeElement;
    const inPopup = [panelRef.current, menuRef.current].some((popup) => popup && active && popup.contains(active));
    setOpen(null);
    if (inPopup) (isMobile ? mobileButtonRef : sortButtonRef).current?.focus();
  };

  useDismiss(open !== null, rootRef, close);

  const chooseFilter = (value: Filter) => {
    close();
    onFilterChange(value);
  };
  const chooseSort = (value: Sort) => {
    close();
    onSortChange(value);
  };

  if (isMobile) {
    return (
      <div className={styles.mobile} ref={rootRef} data-testid="gallery-controls">
        <button
          ref={mobileButtonRef}
          type="button"
          className={[styles.mobileButton, open === 'filter' ? styles.active : undefined].filter(Boolean).join(' ')}
          aria-expanded={open === 'filter'}
          aria-controls={panelId}
          onClick={() => setOpen(open === 'filter' ? null : 'filter')}
          data-testid="filter-sort-button"
        >
          <SlidersIcon size={16} />
          <span>{GALLERY_TEXTS.mobileControls}</span>
        </button>
        <p className={styles.summary} data-testid="gallery-selection">
          <span>{filter}</span>
          <span aria-hidden="true" className={styles.dot} />
          <span>{sort}</span>
        </p>
        {open === 'filter' ? (
          <div
            ref={panelRef}
            id={panelId}
            className={styles.panel}
            role="dialog"
            aria-label="Filter and sort"
            data-testid="filter-panel"
          >
            <PanelSection
              id={`${panelId}-filter`}
              title="Filter"
              values={FILTERS}
              selected={filter}
              onChoose={chooseFilter}
            />
            <PanelSection id={`${panelId}-sort`} title="Sort" values={SORTS} selected={sort} onChoose={chooseSort} />
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div className={styles.desktop} ref={rootRef} data-testid="gallery-controls">
      <div className={styles.chips} role="group" aria-label="Filter">
        {FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            className={[styles.chip, value === filter ? styles.chipOn : undefined].filter(Boolean).join(' ')}
            aria-pressed={value === filter}
            onClick={() => chooseFilter(value)}
          >
            {value}
          </button>
        ))}
      </div>
      <div className={styles.sort}>
        <button
          ref={sortButtonRef}
          type="button"
          className={[styles.sortButton, open === 'sort' ? styles.active : undefined].filter(Boolean).join(' ')}
          aria-haspopup="listbox"
          aria-expanded={open === 'sort'}
          aria-controls={panelId}
          onClick={() => setOpen(open === 'sort' ? null : 'sort')}
          data-testid="sort-button"
        >
          {/* The visible words are the name ("Sort Newest"); the space only keeps them apart for it. */}
          <span className={styles.sortLabel}>Sort</span> <span className={styles.sortValue}>{sort}</span>
          <ChevronDownIcon size={16} className={styles.chevron} />
        </button>
        {open === 'sort' ? (
          <ul
            ref={menuRef}
            id={panelId}
            className={styles.menu}
            role="listbox"
            aria-label="Sort"
            onKeyDown={onMenuKey}
            data-testid="sort-menu"
          >
            {SORTS.map((value) => (
              <li
                key={value}
                role="option"
                aria-selected={value === sort}
                tabIndex={-1}
                className={[styles.option, value === sort ? styles.optionOn : undefined].filter(Boolean).join(' ')}
                onClick={() => chooseSort(value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    chooseSort(value);
                  }
                }}
              >
                <span>{value}</span>
                {value === sort ? <CheckIcon size={16} /> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** One section of the mobile panel: a title and a chip per value, the selected one pressed. */
function PanelSection<T extends string>({
  id,
  title,
  values,
  selected,
  onChoose,
}: {
  id: string;
  title: string;
  values: readonly T[];
  selected: T;
  onChoose: (value: T) => void;
}) {
  return (
    <section className={styles.panelSection} aria-labelledby={id}>
      <h3 id={id} className={styles.panelTitle}>
        {title}
      </h3>
      <div className={styles.panelOptions}>
        {values.map((value) => (
          <button
            key={value}
            type="button"
            className={[styles.chip, value === selected ? styles.chipOn : undefined].filter(Boolean).join(' ')}
            aria-pressed={value === selected}
            onClick={() => onChoose(value)}
          >
            {value}
          </button>
        ))}
      </div>
    </section>
  );
}
