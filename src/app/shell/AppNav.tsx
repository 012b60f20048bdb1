// The app's sections. Wide screens get a tab bar of all nine under the header; phones (800 px and less) get a
// bar at the bottom with the four used most and "More", which opens the rest — every section is one or two taps
// away and no control is off-screen, at 360 px too, in either language. Both bars are the same navigation
// landmark; CSS shows one of them.
import { useEffect, useRef, useState } from 'react';
import { useText } from '../../client/text.js';
import { shellText } from '../copy.js';
import { FormDialog } from '../../client/ui/FormDialog.js';
import { APP_SCREENS, type AppScreen } from './pages.js';

/** The sections in the phone's bottom bar; the others are under "More". */
export const PHONE_MAIN_SCREENS: readonly AppScreen[] = ['home', 'schedule', 'diary', 'ledger'];
const MORE_SCREENS: readonly AppScreen[] = APP_SCREENS.filter(
  (screen) => !PHONE_MAIN_SCREENS.includes(screen),
);

interface NavProps {
  screen: AppScreen;
  go: (screen: AppScreen) => void;
}

function SectionLink({ name, screen, go, onChosen }: NavProps & { name: AppScreen; onChosen?: () => void }) {
  const text = useText(shellText);
  return (
    <a
      href={`?page=${name}`}
      aria-current={name === screen ? 'page' : undefined}
      onClick={(event) => {
        event.preventDefault();
        onChosen?.();
        go(name);
      }}
    >
      {text.nav[name]}
    </a>
  );
}

export function AppNav({ screen, go }: NavProps) {
  const text = useText(shellText);
  const tabs = useRef<HTMLElement>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  // A section opened from elsewhere (a home tile, the address) brings its tab into view when the bar scrolls.
  useEffect(() => {
    tabs.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [screen]);
  const inMore = MORE_SCREENS.includes(screen);
  return (
    <>
      <nav ref={tabs} className="app-nav" aria-label={text.nav.label}>
        {APP_SCREENS.map((name) => (
          <SectionLink key={name} name={name} screen={screen} go={go} />
        ))}
      </nav>
      <nav className="phone-nav" aria-label={text.nav.label}>
        {PHONE_MAIN_SCREENS.map((name) => (
          <SectionLink key={name} name={name} screen={screen} go={go} />
        ))}
        <button
          type="button"
          className={inMore ? 'phone-nav__more phone-nav__more--current' : 'phone-nav__more'}
          aria-haspopup="dialog"
          aria-expanded={moreOpen}
          onClick={() => setMoreOpen(true)}
        >
          {text.nav.more}
          {inMore && <span className="visually-hidden"> ({text.nav[screen]})</span>}
        </button>
        {moreOpen && (
          <FormDialog title={text.nav.more} onClose={() => setMoreOpen(false)}>
            <ul className="phone-nav__sheet">
              {MORE_SCREENS.map((name) => (
                <li key={name}>
                  <SectionLink name={name} screen={screen} go={go} onChosen={() => setMoreOpen(false)} />
                </li>
              ))}
            </ul>
          </FormDialog>
        )}
      </nav>
    </>
  );
}
