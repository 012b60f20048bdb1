// The fortune embed (/fortune-embed/, in /fortune's iframe): who is asking (the signed-in member, or offline
// the member last signed in on this device), their birth date kept sealed on the device, and today's four
// readings in the language the page asks for. Its height goes to the page whenever it changes.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { fill } from '../../client/text.js';
import { checkMember, type Member, type MemberCheck } from '../../client/member.js';
import { STORAGE_KEYS, type Language } from '../../shared/constants.js';
import { browserKeyPlaces, sealedStore } from '../../client/fortune/key-store.js';
import { sunSign } from '../astrology/signs.js';
import { seoulDate } from '../daily-seed.js';
import { ELEMENT_NAMES, fourPillars } from '../saju/pillars.js';
import { dailyDraw } from '../tarot/draw.js';
import { AiCard } from './AiCard.js';
import { parseBirth, toMoment, type BirthRecord } from './birth.js';
import { BirthForm } from './BirthForm.js';
import { followHeight, parentState } from './bridge.js';
import { copy } from './copy.js';
import { calendarDay, clockTime, longDay, lunarDay } from './format.js';
import { AstrologyCard, SajuCard, TarotCard } from './Readings.js';

/** The Seoul calendar day, moving on at midnight while the page stays open. */
function useSeoulToday(): string {
  const [today, setToday] = useState(seoulDate);
  useEffect(() => {
    const timer = setInterval(() => setToday(seoulDate()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}

export function FortuneEmbed() {
  const { lang, apiKey } = useSyncExternalStore(parentState.subscribe, parentState.get);
  const t = copy[lang];
  const root = useRef<HTMLElement>(null);
  const today = useSeoulToday();
  const [check, setCheck] = useState<MemberCheck | null>(null);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = `${t.title} | MyGenie`;
  }, [lang, t.title]);
  useEffect(() => followHeight(root.current!), []);
  useEffect(() => {
    void checkMember().then(setCheck);
  }, []);

  let body;
  if (!check) {
    body = (
      <p className="fe-loading" role="status">
        <span className="spinner__wheel" aria-hidden="true" />
        {t.loading}
      </p>
    );
  } else if (check.status === 'signed-in' || check.status === 'offline') {
    body = (
      <MemberFortune key={check.member.uid} member={check.member} lang={lang} today={today} apiKey={apiKey} />
    );
  } else {
    body = (
      <div className="fe-card fe-signed-out" data-testid="embed-signed-out">
        <h2>{t.signedOut.title}</h2>
        <p>{t.signedOut.body}</p>
        <a href={`/fortune?lang=${lang}`} target="_top" className="button button--primary">
          {t.signedOut.link}
        </a>
      </div>
    );
  }

  return (
    <main ref={root} className="fe">
      {/* The page around the frame already says "daily fortune": the embed's heading is the day. */}
      <h1 className="fe__head">{fill(t.today, { date: longDay(today, lang) })}</h1>
      {body}
      <p className="fe__disclaimer">{t.disclaimer}</p>
    </main>
  );
}

function birthSummary(birth: BirthRecord, solarDate: string, lang: Language): string {
  const t = copy[lang].birth;
  const solar = calendarDay(solarDate, lang);
  const date =
    birth.calendar === 'solar'
      ? fill(t.summary, { date: solar })
      : fill(birth.leapMonth ? t.summaryLeap : t.summaryLunar, {
          date: lunarDay(birth.year, birth.month, birth.day, lang),
          solar,
        });
  const time = birth.hour === null ? t.timeUnknown : clockTime(birth.hour, birth.minute ?? 0, lang);
  return `${date} · ${time}`;
}

function MemberFortune({
  member,
  lang,
  today,
  apiKey,
}: {
  member: Member;
  lang: Language;
  today: string;
  apiKey: string | null;
}) {
  const t = copy[lang].birth;
  const store = useMemo(
    () => sealedStore(browserKeyPlaces(`${STORAGE_KEYS.fortuneBirth}${member.uid}`), 'birth'),
    [member.uid],
  );
  const [birth, setBirth] = useState<BirthRecord | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    store
      .load()
      .then((text) => live && setBirth(parseBirth(text)))
      .catch(() => live && setBirth(null));
    return () => {
      live = false;
    };
  }, [store]);

  const pillars = useMemo(() => (birth ? fourPillars(toMoment(birth)) : null), [birth]);
  const draw = useMemo(() => dailyDraw(member.uid, today), [member.uid, today]);

  if (birth === undefined) return null;

  async function save(next: BirthRecord) {
    setBirth(next);
    setEditing(false);
    try {
      await store.save(JSON.stringify(next));
      setNotice(null);
    } catch {
      setNotice(t.notSaved);
    }
  }

  const sign = pillars
    ? sunSign(Number(pillars.solarDate.slice(5, 7)), Number(pillars.solarDate.slice(8, 10)))
    : null;
  const master = pillars?.dayMaster;
  const aiInput = {
    date: today,
    sunSign: sign?.name[lang],
    dayMaster: master
      ? lang === 'ko'
        ? `${master.ko}${ELEMENT_NAMES[master.element].ko} (${master.hanja}${ELEMENT_NAMES[master.element].hanja})`
        : `${master.en} (${master.hanja})`
      : undefined,
    tarot: `${draw.card.name[lang]}, ${draw.reversed ? copy[lang].tarot.reversed : copy[lang].tarot.upright}`,
  };

  return (
    <>
      {notice && (
        <p className="fe-note fe-note--warning" role="status">
          {notice}
        </p>
      )}
      {!birth || !pillars || editing ? (
        <BirthForm
          lang={lang}
          today={today}
          initial={birth}
          onSave={(next) => void save(next)}
          onCancel={birth ? () => setEditing(false) : undefined}
        />
      ) : (
        <div className="fe-birth-summary" data-testid="birth-summary">
          <p>{birthSummary(birth, pillars.solarDate, lang)}</p>
          <div className="fe-actions">
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setEditing(true)}
            >
              {t.edit}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                store.remove();
                setBirth(null);
                setNotice(t.removed);
              }}
            >
              {t.remove}
            </button>
          </div>
        </div>
      )}
      <div className="fe-grid">
        {pillars && sign && !editing && (
          <>
            <SajuCard pillars={pillars} today={today} memberKey={member.uid} lang={lang} />
            <AstrologyCard sign={sign} today={today} memberKey={member.uid} lang={lang} />
          </>
        )}
        <TarotCard draw={draw} lang={lang} />
        <AiCard lang={lang} apiKey={apiKey} input={aiInput} />
      </div>
    </>
  );
}
