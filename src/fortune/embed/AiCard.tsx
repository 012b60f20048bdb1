// The AI reading: with a key (passed by the page, or just saved here), a reading written through the
// OpenAI-compatible chat API the member chose, while the page shows its overlay; without one, how to add
// one. The key goes only to that API and rests on the device sealed (src/client/fortune/key-store.ts); the base URL and
// model are not secret and are kept as they are.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { fill } from '../../client/text.js';
import { STORAGE_KEYS, type Language } from '../../shared/constants.js';
import { aiKeyStore, browserKeyPlaces } from '../../client/fortune/key-store.js';
import {
  AI_TEXT,
  aiReading,
  chatCompletionsUrl,
  DEFAULT_AI_BASE_URL,
  DEFAULT_AI_MODEL,
  type AiProblem,
  type AiPromptInput,
} from '../ai/reading.js';
import { parentState, tellParent } from './bridge.js';
import { copy } from './copy.js';

export interface AiSettingsSaved {
  baseUrl: string;
  model: string;
}

const MAX_SETTING = 300;

export function loadAiSettings(): AiSettingsSaved {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEYS.fortuneAiSettings) ?? 'null') as unknown;
    if (typeof value === 'object' && value !== null) {
      const { baseUrl, model } = value as Record<string, unknown>;
      if (
        typeof baseUrl === 'string' &&
        typeof model === 'string' &&
        baseUrl.length <= MAX_SETTING &&
        model.length <= MAX_SETTING &&
        chatCompletionsUrl(baseUrl)
      ) {
        return { baseUrl, model: model.trim() || DEFAULT_AI_MODEL };
      }
    }
  } catch {
    // Unreadable settings: the defaults.
  }
  return { baseUrl: DEFAULT_AI_BASE_URL, model: DEFAULT_AI_MODEL };
}

export const aiKeys = () => aiKeyStore(browserKeyPlaces(STORAGE_KEYS.fortuneAiKey));

type Outcome = { ok: true; text: string; lang: Language } | { ok: false; problem: AiProblem };

export function AiCard({
  lang,
  apiKey,
  input,
}: {
  lang: Language;
  apiKey: string | null;
  input: Omit<AiPromptInput, 'lang'>;
}) {
  const t = copy[lang].ai;
  const ai = AI_TEXT[lang];
  const id = useId();
  const [settings, setSettings] = useState(loadAiSettings);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  // Leaving the page mid-request: stop it and take the overlay down.
  useEffect(
    () => () => {
      if (running.current) {
        running.current.abort();
        tellParent({ type: 'fortune-parent-overlay', show: false });
      }
    },
    [],
  );

  async function generate() {
    if (!apiKey || busy) return;
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setStatus(null);
    tellParent({
      type: 'fortune-parent-overlay',
      show: true,
      width: 360,
      height: 280,
      message: t.overlay,
      subText: t.overlaySub,
    });
    try {
      const result = await aiReading(
        { ...settings, apiKey },
        { ...input, lang },
        { signal: controller.signal },
      );
      setOutcome(result.ok ? { ok: true, text: result.text, lang } : result);
    } catch {
      return; // cancelled because the card went away
    } finally {
      if (running.current === controller) {
        running.current = null;
        tellParent({ type: 'fortune-parent-overlay', show: false });
        setBusy(false);
      }
    }
  }

  const showForm = !apiKey || editing;
  return (
    <section className="fe-card fe-ai" aria-labelledby="fe-ai-title" data-testid="ai">
      <h2 id="fe-ai-title">
        <span className="fe-card__mark" aria-hidden="true">
          AI
        </span>
        {ai.title}
      </h2>
      <p className="fe-card__lead">{ai.intro}</p>
      {showForm ? (
        <AiSettingsForm
          lang={lang}
          hasKey={apiKey !== null}
          settings={settings}
          onSaved={(next, message) => {
            setSettings(next);
            setEditing(false);
            setOutcome(null);
            setStatus(message);
          }}
          onCancel={apiKey ? () => setEditing(false) : undefined}
          formId={id}
        />
      ) : (
        <>
          {outcome?.ok && (
            <div className="fe-ai__result" data-testid="ai-result">
              {outcome.lang !== lang && <p className="fe-note">{t.olderLanguage}</p>}
              <p className="fe-ai__text" lang={outcome.lang}>
                {outcome.text}
              </p>
              <p className="fe-hint">{ai.disclaimer}</p>
            </div>
          )}
          {outcome && !outcome.ok && (
            <p className="fe-error" role="alert" data-testid="ai-problem">
              {ai.problems[outcome.problem]}
            </p>
          )}
          <div className="fe-actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void generate()}
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? ai.generating : outcome?.ok ? t.again : outcome ? t.retry : ai.generate}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setEditing(true);
                setStatus(null);
              }}
              disabled={busy}
            >
              {t.change}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => {
                aiKeys().remove();
                parentState.setKey(null);
                setOutcome(null);
                setStatus(ai.removed);
              }}
            >
              {ai.remove}
            </button>
          </div>
          <p className="fe-hint">
            {fill(t.using, { model: settings.model, host: new URL(settings.baseUrl).host })}
          </p>
        </>
      )}
      <p className="fe-status" role="status">
        {status}
      </p>
    </section>
  );
}

function AiSettingsForm({
  lang,
  hasKey,
  settings,
  onSaved,
  onCancel,
  formId,
}: {
  lang: Language;
  hasKey: boolean;
  settings: AiSettingsSaved;
  onSaved: (settings: AiSettingsSaved, message: string) => void;
  onCancel?: () => void;
  formId: string;
}) {
  const t = copy[lang].ai;
  const ai = AI_TEXT[lang];
  const [key, setKey] = useState('');
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl);
  const [model, setModel] = useState(settings.model);
  const [problem, setProblem] = useState<{ text: string; field: 'key' | 'url' | 'save' } | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmedKey = key.trim();
    if (!trimmedKey && !hasKey) return setProblem({ text: t.keyMissing, field: 'key' });
    if (trimmedKey && (!/^[\x21-\x7e]+$/.test(trimmedKey) || trimmedKey.length > 512)) {
      return setProblem({ text: t.keyInvalid, field: 'key' });
    }
    const url = baseUrl.trim() || DEFAULT_AI_BASE_URL;
    if (url.length > MAX_SETTING || !chatCompletionsUrl(url)) {
      return setProblem({ text: ai.problems['invalid-url'], field: 'url' });
    }
    const next = { baseUrl: url, model: model.trim().slice(0, MAX_SETTING) || DEFAULT_AI_MODEL };
    setSaving(true);
    try {
      if (trimmedKey) await aiKeys().save(trimmedKey);
      localStorage.setItem(STORAGE_KEYS.fortuneAiSettings, JSON.stringify(next));
    } catch {
      setSaving(false);
      return setProblem({ text: t.notSaved, field: 'save' });
    }
    if (trimmedKey) parentState.setKey(trimmedKey);
    onSaved(next, ai.saved);
  }

  const errorId = `${formId}-ai-error`;
  return (
    <form className="fe-ai__form" onSubmit={(event) => void submit(event)} noValidate>
      {!hasKey && (
        <div className="fe-ai__how">
          <h3>{ai.addKeyTitle}</h3>
          <p>{ai.addKeyWhere}</p>
          <p>{ai.addKeyPrivacy}</p>
          <p>{ai.addKeyCost}</p>
        </div>
      )}
      <div className="fe-field">
        <label htmlFor={`${formId}-key`} className="fe-label">
          {ai.keyLabel}
        </label>
        <input
          id={`${formId}-key`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={ai.keyPlaceholder}
          value={key}
          onChange={(event) => {
            setKey(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem?.field === 'key'}
          aria-describedby={problem?.field === 'key' ? errorId : undefined}
        />
        {hasKey && <p className="fe-hint">{t.keyKeep}</p>}
      </div>
      <div className="fe-field">
        <label htmlFor={`${formId}-url`} className="fe-label">
          {ai.baseUrlLabel}
        </label>
        <input
          id={`${formId}-url`}
          type="url"
          inputMode="url"
          spellCheck={false}
          value={baseUrl}
          onChange={(event) => {
            setBaseUrl(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem?.field === 'url'}
          aria-describedby={`${formId}-url-hint${problem?.field === 'url' ? ` ${errorId}` : ''}`}
        />
        <p id={`${formId}-url-hint`} className="fe-hint">
          {ai.baseUrlHint}
        </p>
      </div>
      <div className="fe-field">
        <label htmlFor={`${formId}-model`} className="fe-label">
          {ai.modelLabel}
        </label>
        <input
          id={`${formId}-model`}
          type="text"
          spellCheck={false}
          value={model}
          onChange={(event) => setModel(event.target.value)}
          aria-describedby={`${formId}-model-hint`}
        />
        <p id={`${formId}-model-hint`} className="fe-hint">
          {ai.modelHint}
        </p>
      </div>
      {problem && (
        <p id={errorId} className="fe-error" role="alert">
          {problem.text}
        </p>
      )}
      <div className="fe-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {ai.save}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
