// The generation screen (spec sections 2, 4, 5 and 8). Desktop: a 400px sidebar with the collapsible
// 'General Template' controls, a header with the sidebar toggle, the results and a bottom prompt bar.
// Mobile: a collapsible top panel holding the controls and the prompt box, which collapses after a
// generation. The route passes the session in and takes balance changes and notices out.
import { useCallback, useId, useRef, useState, type CSSProperties } from 'react';
import { useSelector } from 'react-redux';
import { LAYOUT } from '@velvet/contracts/catalog';
import type { Notify } from '../../../lib/notify.ts';
import { useGetGenerationConfigQuery, useMakeImagesMutation } from '../api.ts';
import {
  buildMakeImagesRequest,
  buildResendRequest,
  canSubmitPrompt,
  DEFAULT_GENERATION_SETTINGS,
  makeFailureMessage,
  makeOutcome,
  settingsCost,
  type GenerationSettings,
} from '../generation-request.ts';
import { useGenerateDispatch } from '../hooks/use-generate-dispatch.ts';
import { usePromptHistory } from '../hooks/use-prompt-history.ts';
import { useStatusUpdates } from '../hooks/use-status-updates.ts';
import { needsOverwriteConfirm, OVERWRITE_PROMPT_QUESTION } from '../prompt-history.ts';
import {
  groupAdded,
  newGroup,
  selectGroupsOf,
  selectProcessingIdsOf,
  type GenerateState,
  type GeneratedImage,
  type GenerationGroup,
} from '../slice.ts';
import { GenerationControls } from './generation-controls.tsx';
import { EmptyResults, GenerationGroupCard } from './generation-results.tsx';
import { ChevronDownIcon, InfoIcon, SidebarIcon, SlidersIcon } from '../../../components/ui/icons.tsx';
import { PromptComposer } from './prompt-composer.tsx';
import { StylePicker } from './style-picker.tsx';
import styles from './generate-screen.module.css';

export const DEMO_NOTICE = 'Demo mode: pictures are drawn locally by the built-in demo provider, not by an AI model.';

export interface GenerateScreenProps {
  token: string | null;
  /** The signed-in member (groups belong to them); null for a guest. */
  memberId: string | null;
  /** A token and a user with a nickname: otherwise Generate opens the login modal. */
  canGenerate: boolean;
  isMobile: boolean;
  onLoginRequired: () => void;
  onBalance: (balance: number) => void;
  /** A finished picture was clicked: the route opens the shared detail view ('generation' variant). */
  onOpenImage: (group: GenerationGroup, image: GeneratedImage) => void;
  notify: Notify;
}

type WithGenerate = { generate: GenerateState };

export function GenerateScreen({
  token,
  memberId,
  canGenerate,
  isMobile,
  onLoginRequired,
  onBalance,
  onOpenImage,
  notify,
}: GenerateScreenProps) {
  const dispatch = useGenerateDispatch();
  const groups = useSelector((state: WithGenerate) => selectGroupsOf(state, memberId));
  const processingIds = useSelector((state: WithGenerate) => selectProcessingIdsOf(state, memberId));
  const { data: config } = useGetGenerationConfigQuery();
  const [makeImages] = useMakeImagesMutation();
  const history = usePromptHistory();

  const [settings, setSettings] = useState<GenerationSettings>(DEFAULT_GENERATION_SETTINGS);
  const [prompt, setPrompt] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [templateOpen, setTemplateOpen] = useState(true);
  const [panelOpen, setPanelOpen] = useState(true);
  const [pickerOpen, setPickerOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();

  useStatusUpdates({ token, processingIds });

  const changeSettings = useCallback((patch: Partial<GenerationSettings>) => {
    setSettings((current) => ({ ...current, ...patch }));
  }, []);

  const generate = async (text: string, chosen: GenerationSettings, source: 'box' | 'regenerate') => {
    if (inFlight.current) return;
    if (!canGenerate || !token || !memberId) {
      onLoginRequired();
      return;
    }
    if (!canSubmitPrompt(text)) return;
    inFlight.current = true;
    setSubmitting(true);
    const request = source === 'regenerate' ? buildResendRequest(text, chosen) : buildMakeImagesRequest(text, chosen);
    try {
      const outcome = makeOutcome(await makeImages(request).unwrap());
      if (outcome.kind === 'ok') {
        onBalance(outcome.balance);
        dispatch(
          groupAdded({
            memberId,
            group: newGroup({
              run_id: request.run_id,
              prompt: request.prompt,
              settings: chosen,
              imageIds: outcome.imageIds,
            }),
          }),
        );
        if (source === 'box') {
          history.remember(text);
          setPrompt('');
        }
        setPanelOpen(false);
      } else {
        if (outcome.balance !== null) onBalance(outcome.balance);
        notify.error(outcome.detail, { alert: true });
      }
    } catch (error) {
      notify.error(makeFailureMessage(error), { alert: true });
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const loadFromHistory = (text: string) => {
    if (needsOverwriteConfirm(prompt, text) && !window.confirm(OVERWRITE_PROMPT_QUESTION)) return;
    setPrompt(text);
    requestAnimationFrame(() => textareaRef.current?.focus());
  };

  const composer = (
    <PromptComposer
      value={prompt}
      onChange={setPrompt}
      onSubmit={() => void generate(prompt, settings, 'box')}
      canSubmit={canSubmitPrompt(prompt)}
      busy={submitting}
      cost={settingsCost(settings)}
      history={history.history}
      onLoadHistory={loadFromHistory}
      onClearHistory={history.clear}
      variant={isMobile ? 'panel' : 'bar'}
      textareaRef={textareaRef}
    />
  );

  const controls = (
    <GenerationControls
      settings={settings}
      onChange={changeSettings}
      onOpenStylePicker={() => setPickerOpen(true)}
      idPrefix={`gen${ids.replace(/[^A-Za-z0-9]/g, '')}`}
    />
  );

  const demoNotice = config?.is_demo ? (
    <p className={styles.demo} role="note" data-testid="demo-notice">
      <InfoIcon size={15} />
      <span>{DEMO_NOTICE}</span>
    </p>
  ) : null;

  const results = (
    <div
      className={styles.results}
      role="region"
      aria-label="Results"
      // It scrolls on its own: a tab stop lets keyboard users scroll it.
      tabIndex={0}
      data-testid="generation-results"
    >
      {isMobile ? demoNotice : null}
      {groups.length === 0 ? (
        <EmptyResults ratio={settings.ratio} />
      ) : (
        <div className={styles.groups}>
          {groups.map((group) => (
            <GenerationGroupCard
              key={group.run_id}
              group={group}
              token={token}
              regenerateDisabled={submitting}
              onRegenerate={(target: GenerationGroup) => void generate(target.prompt, target.settings, 'regenerate')}
              onOpenImage={onOpenImage}
            />
          ))}
        </div>
      )}
    </div>
  );

  const summary = `${settings.model} · ${settings.style} · ${settings.ratio} · ${settings.count} ${
    settings.count === 1 ? 'image' : 'images'
  }${settings.fourk ? ' · 4K' : ''}`;

  const overlays = (
    <>
      {pickerOpen ? (
        <StylePicker
          model={settings.model}
          selected={settings.style}
          onSelect={(style) => changeSettings({ style })}
          onClose={() => setPickerOpen(false)}
        />
      ) : null}
    </>
  );

  if (isMobile) {
    const bodyId = `${ids}-panel`;
    return (
      <div className={`${styles.screen} ${styles.mobile}`} data-layout="mobile" data-testid="generate-screen">
        <title>Generate Images · Velvet</title>
        <section
          className={styles.mobilePanel}
          data-expanded={panelOpen}
          data-testid="mobile-panel"
          aria-label="General Template"
        >
          <div className={styles.mobileHead}>
            <div className={styles.titles}>
              <h1 className={styles.title}>Generate Images</h1>
              <p className={styles.summary}>{summary}</p>
            </div>
            <button
              type="button"
              className={styles.panelToggle}
              aria-expanded={panelOpen}
              aria-controls={bodyId}
              onClick={() => setPanelOpen((open) => !open)}
              data-testid="mobile-panel-toggle"
            >
              <SlidersIcon size={16} />
              <span>General Template</span>
              <ChevronDownIcon size={16} className={styles.chevron} />
            </button>
          </div>
          {panelOpen ? (
            <div id={bodyId} className={styles.mobileBody}>
              <div className={styles.mobileControls}>{controls}</div>
              <div className={styles.mobileComposer}>{composer}</div>
            </div>
          ) : null}
        </section>
        {results}
        {overlays}
      </div>
    );
  }

  const sidebarId = `${ids}-sidebar`;
  const templateId = `${ids}-template`;
  return (
    <div
      className={styles.screen}
      data-layout="desktop"
      data-testid="generate-screen"
      style={{ '--generation-sidebar': `${LAYOUT.generationSidebarPx}px` } as CSSProperties}
    >
      <title>Generate Images · Velvet</title>
      <aside
        id={sidebarId}
        className={styles.sidebar}
        data-open={sidebarOpen}
        aria-label="Generation settings"
        inert={!sidebarOpen}
        data-testid="generate-sidebar"
      >
        <div className={styles.sidebarInner}>
          <section className={styles.template}>
            <h2 className={styles.templateHeading}>
              <button
                type="button"
                className={styles.templateToggle}
                aria-expanded={templateOpen}
                aria-controls={templateId}
                onClick={() => setTemplateOpen((open) => !open)}
              >
                <SlidersIcon size={16} />
                <span>General Template</span>
                <ChevronDownIcon size={16} className={styles.chevron} />
              </button>
            </h2>
            {templateOpen ? (
              <div id={templateId} className={styles.templateBody}>
                {controls}
              </div>
            ) : null}
          </section>
        </div>
      </aside>
      <section className={styles.workspace}>
        <header className={styles.header}>
          <button
            type="button"
            className={styles.sidebarToggle}
            aria-label={sidebarOpen ? 'Hide sidebar' : 'Show sidebar'}
            aria-expanded={sidebarOpen}
            aria-controls={sidebarId}
            onClick={() => setSidebarOpen((open) => !open)}
            data-testid="sidebar-toggle"
          >
            <SidebarIcon />
          </button>
          <div className={styles.titles}>
            <h1 className={styles.title}>Generate Images</h1>
            <p className={styles.summary}>{summary}</p>
          </div>
        </header>
        {demoNotice}
        {results}
        <div className={styles.dock}>{composer}</div>
      </section>
      {overlays}
    </div>
  );
}
