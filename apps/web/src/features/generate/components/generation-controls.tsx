// The controls of the 'General Template' (spec section 2): Models, Styles (opens the style picker),
// Aspect Ratio (3 columns), Number of images (4 columns), 4k Upscaling ON/OFF and Strength 0..1.
import type { CSSProperties, ReactNode } from 'react';
import { formatStrength } from '@velvet/contracts/format';
import { IMAGE_COUNTS, MODELS, RATIO_NAMES, RATIOS, STRENGTH, type Ratio } from '@velvet/contracts/options';
import { normalizeStrength, ratioSizeText, type GenerationSettings } from '../generation-request.ts';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { modelGradient, StyleArt } from './style-art.tsx';
import styles from './generation-controls.module.css';

export const STYLE_PLACEHOLDER = 'Select style...';

export interface GenerationControlsProps {
  settings: GenerationSettings;
  onChange: (patch: Partial<GenerationSettings>) => void;
  onOpenStylePicker: () => void;
  /** Prefix for ids and radio names, so two instances never clash. */
  idPrefix: string;
}

function Group({ label, aside, children }: { label: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>
        <span>{label}</span>
        {aside}
      </legend>
      {children}
    </fieldset>
  );
}

function RatioGlyph({ ratio }: { ratio: Ratio }) {
  const { width, height } = RATIOS[ratio];
  const max = 18;
  const w = Math.round((width / Math.max(width, height)) * max);
  const h = Math.round((height / Math.max(width, height)) * max);
  return <span className={styles.ratioGlyph} style={{ width: w, height: h }} aria-hidden="true" />;
}

export function GenerationControls({ settings, onChange, onOpenStylePicker, idPrefix }: GenerationControlsProps) {
  const strengthId = `${idPrefix}-strength`;
  const fourkId = `${idPrefix}-fourk`;
  return (
    <div className={styles.controls} data-testid="generation-controls">
      <Group label="Models">
        <div className={styles.models}>
          {MODELS.map((model) => (
            <label key={model} className={styles.option}>
              <input
                type="radio"
                className={styles.radio}
                name={`${idPrefix}-model`}
                value={model}
                checked={settings.model === model}
                onChange={() => onChange({ model })}
              />
              <span className={styles.optionBox}>
                <span className={styles.swatch} style={{ background: modelGradient(model) }} aria-hidden="true" />
                <span className={styles.optionText}>{model}</span>
              </span>
            </label>
          ))}
        </div>
      </Group>

      <div className={styles.group}>
        <span className={styles.legend} id={`${idPrefix}-styles-label`}>
          <span>Styles</span>
        </span>
        <button
          type="button"
          className={styles.styleTrigger}
          aria-haspopup="dialog"
          aria-labelledby={`${idPrefix}-styles-label ${idPrefix}-styles-value`}
          onClick={onOpenStylePicker}
          data-testid="style-trigger"
        >
          <span className={styles.styleThumb} aria-hidden="true">
            <StyleArt model={settings.model} style={settings.style} />
          </span>
          <span className={styles.styleValue} id={`${idPrefix}-styles-value`}>
            {settings.style ? (
              <>
                <span className={styles.styleName}>{settings.style}</span>
                <span className={styles.styleHint}>{settings.model} preset</span>
              </>
            ) : (
              <span className={styles.placeholder}>{STYLE_PLACEHOLDER}</span>
            )}
          </span>
          <ChevronDownIcon className={styles.chevron} />
        </button>
      </div>

      <Group label="Aspect Ratio">
        <div className={styles.ratios}>
          {RATIO_NAMES.map((ratio) => (
            <label key={ratio} className={styles.option}>
              <input
                type="radio"
                className={styles.radio}
                name={`${idPrefix}-ratio`}
                value={ratio}
                checked={settings.ratio === ratio}
                onChange={() => onChange({ ratio })}
              />
              <span className={`${styles.optionBox} ${styles.ratioBox}`}>
                <RatioGlyph ratio={ratio} />
                <span className={styles.optionText}>{ratio}</span>
                <span className={styles.optionSub}>{ratioSizeText(ratio)}</span>
              </span>
            </label>
          ))}
        </div>
      </Group>

      <Group label="Number of images">
        <div className={styles.counts}>
          {IMAGE_COUNTS.map((count) => (
            <label key={count} className={styles.option}>
              <input
                type="radio"
                className={styles.radio}
                name={`${idPrefix}-count`}
                value={count}
                checked={settings.count === count}
                onChange={() => onChange({ count })}
              />
              <span className={`${styles.optionBox} ${styles.countBox}`}>{count}</span>
            </label>
          ))}
        </div>
      </Group>

      <div className={styles.switchRow}>
        <div className={styles.switchLabel}>
          <span id={`${fourkId}-label`}>4k Upscaling</span>
          <span className={styles.switchHint} id={`${fourkId}-hint`}>
            Twice the size, twice the coins
          </span>
        </div>
        <button
          id={fourkId}
          type="button"
          role="switch"
          aria-checked={settings.fourk}
          aria-labelledby={`${fourkId}-label`}
          aria-describedby={`${fourkId}-hint`}
          className={styles.switch}
          onClick={() => onChange({ fourk: !settings.fourk })}
          data-testid="fourk-toggle"
        >
          <span className={styles.switchTrack} aria-hidden="true">
            <span className={styles.switchThumb} />
          </span>
          <span className={styles.switchText}>{settings.fourk ? 'ON' : 'OFF'}</span>
        </button>
      </div>

      <div className={styles.group}>
        <div className={styles.legend}>
          <label htmlFor={strengthId}>Strength</label>
          <output htmlFor={strengthId} className={styles.strengthValue} data-testid="strength-value">
            {formatStrength(settings.strength)}
          </output>
        </div>
        <input
          id={strengthId}
          type="range"
          className={styles.slider}
          min={STRENGTH.min}
          max={STRENGTH.max}
          step={STRENGTH.step}
          value={settings.strength}
          onChange={(event) => onChange({ strength: normalizeStrength(Number(event.target.value)) })}
          style={{ '--fill': `${(settings.strength / STRENGTH.max) * 100}%` } as CSSProperties}
        />
        <div className={styles.sliderScale} aria-hidden="true">
          <span>{formatStrength(STRENGTH.min)}</span>
          <span>{formatStrength(STRENGTH.max)}</span>
        </div>
      </div>
    </div>
  );
}
