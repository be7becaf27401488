// The style picker (spec section 2): 'Select {model} Style', a grid of preview tiles with labels for
// the chosen model, the selected one highlighted. Choosing a tile closes it; so do the close button,
// Escape and a backdrop click.
import { STYLES, type Model, type Style } from '@velvet/contracts/options';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { StyleArt } from './style-art.tsx';
import styles from './style-picker.module.css';

export interface StylePickerProps {
  model: Model;
  selected: Style;
  onSelect: (style: Style) => void;
  onClose: () => void;
}

export function stylePickerTitle(model: Model): string {
  return `Select ${model} Style`;
}

export function StylePicker({ model, selected, onSelect, onClose }: StylePickerProps) {
  return (
    <Modal open title={stylePickerTitle(model)} onClose={onClose} size="picker" testId="style-picker">
      <p className={styles.subtitle}>Pose presets tuned for this model.</p>
      <ul className={styles.grid}>
        {STYLES.map((style) => {
          const isSelected = style === selected;
          return (
            <li key={style}>
              <button
                type="button"
                className={styles.tile}
                aria-pressed={isSelected}
                data-selected={isSelected || undefined}
                onClick={() => {
                  onSelect(style);
                  onClose();
                }}
              >
                <span className={styles.preview}>
                  <StyleArt model={model} style={style} className={styles.art} />
                  {isSelected ? (
                    <span className={styles.check} aria-hidden="true">
                      <CheckIcon size={14} strokeWidth={2.6} />
                    </span>
                  ) : null}
                </span>
                <span className={styles.label}>{style}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
