// One search across the vault, in the app's header (issue 34 §2): results grouped by module as the member types,
// each opening its record. The matching runs in the search worker (search-feed.ts); this only draws the answers.
// A combobox with a listbox (WAI-ARIA 1.2): arrow keys move through the results, Enter opens one, Escape closes.
// On a phone the field folds into a button in the header until it is needed.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { usePlural } from '../../../client/plural.js';
import { DETAIL_KINDS, useDetailReveal } from '../../access/DetailGate.js';
import { shellText } from '../../copy.js';
import { useVault } from '../../vault/react.js';
import { followedStores } from '../../ui/spaces/followed.js';
import { useSpaceShelf } from '../../ui/spaces/listed.js';
import type { RecordKind } from '../../vault/vault.js';
import { searchText } from './copy.js';
import { resultLabel } from './describe.js';
import { MODULE_OF_KIND } from './haystack.js';
import { requestOpen } from '../../ui/open-record.js';
import type { SearchHit, SearchModule } from './protocol.js';
import { SearchFeed, workerChannel, type SearchAnswer } from './search-feed.js';
import './search.css';

/** Results listed per module; the group says how many there are in all. */
export const RESULTS_PER_MODULE = 8;

/** The modules behind the detail view password: their matches are counted, and listed once it is given. */
const DETAIL_MODULES: SearchModule[] = Object.entries(MODULE_OF_KIND)
  .filter(([kind]) => DETAIL_KINDS.has(kind as RecordKind))
  .map(([, module]) => module);

interface Option {
  module: SearchModule;
  hit: SearchHit;
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none">
      <circle cx="11" cy="11" r="6.5" stroke="currentColor" strokeWidth="2" />
      <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export default function VaultSearch({ go }: { go: (screen: SearchModule) => void }) {
  const text = useText(searchText);
  const shell = useText(shellText);
  const { lang } = useLanguage();
  const counted = usePlural();
  // The member's records and those of every shared space open on the device (none: the member's vault alone).
  const member = useVault();
  const shelf = useSpaceShelf();
  const vault = useMemo(() => followedStores(member, shelf), [member, shelf]);
  const { granted, reveal } = useDetailReveal();
  const id = useId();
  const ids = { field: `${id}field`, input: `${id}input`, popup: `${id}popup`, listbox: `${id}listbox` };
  const optionId = (index: number) => `${id}option-${index}`;
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [feed, setFeed] = useState<SearchFeed | null>(null);
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  /** On a phone: the field is shown (else only its button). */
  const [unfolded, setUnfolded] = useState(false);

  // The worker lives while this is shown, that is while the vault is unlocked; locking ends it with all it held.
  useEffect(() => {
    const created = new SearchFeed(vault, workerChannel());
    const stopAnswers = created.onAnswer(setAnswer);
    created.start();
    setFeed(created);
    return () => {
      stopAnswers();
      created.stop();
    };
  }, [vault]);

  // Asked again whenever the worker's copy changes (built, or a record changed) and when the password is given.
  useEffect(() => {
    if (!feed) return;
    const ask = () => {
      if (query.trim()) {
        feed.query(query, { hidden: granted ? [] : DETAIL_MODULES, limit: RESULTS_PER_MODULE });
      }
    };
    ask();
    return feed.onChange(ask);
  }, [feed, query, granted]);

  const searching = query.trim() !== '';
  const shown = searching ? answer : null;
  const options: Option[] =
    shown?.results.groups.flatMap((group) => group.results.map((hit) => ({ module: group.module, hit }))) ??
    [];
  const open = expanded && searching;
  const current = active < options.length ? active : -1;

  useEffect(() => {
    if (current >= 0) document.getElementById(`${id}option-${current}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, current]);

  function choose(option: Option) {
    setExpanded(false);
    setUnfolded(false);
    requestOpen(option.module, option.hit.id);
    go(option.module);
  }

  async function giveDetailPassword() {
    await reveal();
    input.current?.focus();
    setExpanded(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Keys pressed while the keyboard composes a syllable are the composition's own.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setExpanded(true);
      if (options.length === 0) return;
      const down = event.key === 'ArrowDown';
      setActive(
        current < 0
          ? down
            ? 0
            : options.length - 1
          : Math.max(0, Math.min(options.length - 1, current + (down ? 1 : -1))),
      );
    } else if (event.key === 'Enter') {
      if (!open || options.length === 0) return;
      event.preventDefault();
      choose(options[current >= 0 ? current : 0]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open) {
        setExpanded(false);
        setActive(-1);
      } else if (query) setQuery('');
      else setUnfolded(false);
    }
  }

  const total = shown?.results.groups.reduce((sum, group) => sum + group.total, 0) ?? 0;
  const hidden = shown && !granted ? shown.results.hidden : 0;
  const cut = shown?.results.groups.reduce((sum, group) => sum + group.total - group.results.length, 0) ?? 0;
  let index = 0;

  return (
    <div
      ref={box}
      className={unfolded ? 'vault-search vault-search--unfolded' : 'vault-search'}
      role="search"
      onBlur={(event) => {
        if (!box.current?.contains(event.relatedTarget as Node | null)) setExpanded(false);
      }}
    >
      <button
        type="button"
        className="icon-button vault-search__unfold"
        aria-expanded={unfolded}
        aria-controls={ids.field}
        onClick={() => {
          setUnfolded(true);
          // The field shows with this render; focus waits for it.
          requestAnimationFrame(() => input.current?.focus());
        }}
      >
        <SearchIcon />
        <span className="visually-hidden">{text.open}</span>
      </button>
      <div className="vault-search__field" id={ids.field}>
        <label htmlFor={ids.input} className="visually-hidden">
          {text.label}
        </label>
        <SearchIcon />
        <input
          ref={input}
          id={ids.input}
          className="vault-search__input"
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={text.placeholder}
          value={query}
          aria-expanded={open && options.length > 0}
          aria-controls={ids.listbox}
          aria-autocomplete="list"
          aria-activedescendant={open && current >= 0 ? optionId(current) : undefined}
          onChange={(event) => {
            setQuery(event.target.value);
            setExpanded(true);
            setActive(-1);
          }}
          onFocus={() => setExpanded(true)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="icon-button vault-search__fold"
          aria-label={text.close}
          onClick={() => {
            setUnfolded(false);
            setExpanded(false);
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div
        id={ids.popup}
        className="vault-search__popup"
        // Many results scroll inside it: a keyboard reaches it with Tab and scrolls it with the arrows (axe's
        // scrollable-region-focusable); the arrows in the field move through the results as before.
        tabIndex={0}
        hidden={!open}
        data-answered={shown?.query}
        data-building={shown?.building || undefined}
      >
        <p className="visually-hidden" role="status">
          {shown && !shown.building ? counted(text.found, total) : ''}
        </p>
        {!shown || (shown.building && total === 0) ? (
          <p className="vault-search__note">{text.preparing}</p>
        ) : (
          total === 0 &&
          hidden === 0 && <p className="vault-search__note">{fill(text.none, { query: query.trim() })}</p>
        )}
        <div
          id={ids.listbox}
          role="listbox"
          aria-label={text.results}
          className="vault-search__listbox"
          hidden={options.length === 0}
        >
          {shown?.results.groups.map((group) => (
            <div key={group.module} role="group" aria-labelledby={`${id}group-${group.module}`}>
              <p className="vault-search__group" id={`${id}group-${group.module}`} role="presentation">
                {shell.nav[group.module]} · {counted(text.groupCount, group.total)}
              </p>
              {group.results.map((hit) => {
                const at = index++;
                const label = resultLabel(vault.get(hit.id), lang);
                return (
                  <div
                    key={hit.id}
                    id={optionId(at)}
                    role="option"
                    aria-selected={at === current}
                    className="vault-search__option"
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => at !== current && setActive(at)}
                    onClick={() => choose({ module: group.module, hit })}
                  >
                    <span className="vault-search__title">{label?.title || hit.snippet.match}</span>
                    {label?.meta && <span className="vault-search__meta">{label.meta}</span>}
                    {(hit.snippet.before || hit.snippet.match || hit.snippet.after) && (
                      <span className="vault-search__snippet">
                        {hit.snippet.before}
                        {hit.snippet.match && <mark>{hit.snippet.match}</mark>}
                        {hit.snippet.after}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {cut > 0 && <p className="vault-search__note">{counted(text.more, cut)}</p>}
        {hidden > 0 && (
          <p className="vault-search__hidden">
            <span>{counted(text.hidden, hidden)}</span>
            <button type="button" className="button button--small" onClick={() => void giveDetailPassword()}>
              {text.reveal}
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
