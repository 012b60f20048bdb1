// The three readings worked out on the device: saju (the four pillars, the five elements, today's day pillar),
// the sun sign's day and the tarot card of the day. Each shows its own language's text from the engines.
import { fill } from '../../client/text.js';
import type { Language } from '../../shared/constants.js';
import { dailyReading } from '../astrology/daily.js';
import { ELEMENT_NAMES as SIGN_ELEMENTS, type Sign } from '../astrology/signs.js';
import { ELEMENT_NAMES, FIVE_ELEMENTS, type FourPillars, type Pillar } from '../saju/pillars.js';
import { dailySaju } from '../saju/reading.js';
import type { DailyDraw } from '../tarot/draw.js';
import { copy } from './copy.js';
import { monthDay } from './format.js';

function PillarCell({
  pillar,
  part,
  lang,
}: {
  pillar: Pillar | null;
  part: 'stem' | 'branch';
  lang: Language;
}) {
  const t = copy[lang].saju;
  if (!pillar) {
    return (
      <td className="fe-glyph fe-glyph--unknown">
        <span className="fe-glyph__char" aria-hidden="true">
          ?
        </span>
        <span className="fe-glyph__name">{t.unknown}</span>
      </td>
    );
  }
  const glyph = pillar[part];
  const element = ELEMENT_NAMES[glyph.element];
  const name =
    part === 'stem'
      ? lang === 'ko'
        ? `${glyph.ko} · ${element.ko}`
        : glyph.en
      : lang === 'ko'
        ? `${glyph.ko} · ${pillar.branch.animal.ko}`
        : `${pillar.branch.animal.en} · ${element.en}`;
  return (
    <td className={`fe-glyph fe-glyph--${glyph.element}`}>
      <span className="fe-glyph__char" lang="zh-Hant">
        {glyph.hanja}
      </span>
      <span className="fe-glyph__name">{name}</span>
    </td>
  );
}

export function SajuCard({
  pillars,
  today,
  memberKey,
  lang,
}: {
  pillars: FourPillars;
  today: string;
  memberKey: string;
  lang: Language;
}) {
  const t = copy[lang].saju;
  const reading = dailySaju(pillars, today, memberKey);
  const columns = [
    { key: 'hour', label: t.hour, pillar: pillars.hour },
    { key: 'day', label: t.day, pillar: pillars.day },
    { key: 'month', label: t.month, pillar: pillars.month },
    { key: 'year', label: t.year, pillar: pillars.year },
  ] as const;
  const total = FIVE_ELEMENTS.reduce((sum, element) => sum + reading.balance[element], 0);
  const master = pillars.dayMaster;
  const masterName =
    lang === 'ko'
      ? `${master.hanja} (${master.ko}${ELEMENT_NAMES[master.element].ko})`
      : `${master.hanja} (${master.en})`;
  const { year: yearUncertain, month: monthUncertain } = pillars.uncertain;
  const which =
    yearUncertain && monthUncertain ? t.uncertainBoth : yearUncertain ? t.uncertainYear : t.uncertainMonth;
  const weakest = ELEMENT_NAMES[reading.weakestElement];

  return (
    <section className="fe-card fe-saju" aria-labelledby="fe-saju-title" data-testid="saju">
      <h2 id="fe-saju-title">
        <span className="fe-card__mark" aria-hidden="true" lang="zh-Hant">
          四柱
        </span>
        {t.title}
      </h2>
      <p className="fe-card__lead">{t.lead}</p>
      <div className="fe-saju__chart">
        <div>
          <table className="fe-pillars">
            <caption>{t.chart}</caption>
            <thead>
              <tr>
                <td />
                {columns.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(['stem', 'branch'] as const).map((part) => (
                <tr key={part}>
                  <th scope="row">{t[part]}</th>
                  {columns.map((column) => (
                    <PillarCell key={column.key} pillar={column.pillar} part={part} lang={lang} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {(yearUncertain || monthUncertain) && <p className="fe-note">{fill(t.uncertain, { which })}</p>}
          <p className="fe-saju__master">{fill(t.dayMaster, { stem: masterName })}</p>
        </div>
        <div>
          <h3>{t.balance}</h3>
          <ul className="fe-balance">
            {FIVE_ELEMENTS.map((element) => {
              const count = reading.balance[element];
              const name = ELEMENT_NAMES[element];
              return (
                <li key={element} className={`fe-balance__row fe-balance__row--${element}`}>
                  <span className="fe-balance__name">
                    <span lang="zh-Hant">{name.hanja}</span> {lang === 'ko' ? name.ko : name.en}
                  </span>
                  <span className="fe-balance__bar" aria-hidden="true">
                    <span style={{ width: `${(count / total) * 100}%` }} />
                  </span>
                  <span className="fe-balance__count">{fill(t.count, { count })}</span>
                </li>
              );
            })}
          </ul>
          <p className="fe-note">
            {fill(t.weakest, { element: lang === 'ko' ? `${weakest.ko}(${weakest.hanja})` : weakest.en })}
          </p>
        </div>
      </div>
      <h3>{t.today}</h3>
      <p className="fe-saju__today">
        <span className={`fe-chip fe-chip--${reading.todayPillar.stem.element}`} lang="zh-Hant">
          {reading.todayPillar.hanja}
        </span>
        <strong>{reading.headline[lang]}</strong>
      </p>
      <p>{reading.message[lang]}</p>
      <p>{reading.elementTip[lang]}</p>
    </section>
  );
}

export function AstrologyCard({
  sign,
  today,
  memberKey,
  lang,
}: {
  sign: Sign;
  today: string;
  memberKey: string;
  lang: Language;
}) {
  const t = copy[lang].astrology;
  const reading = dailyReading(sign, today, memberKey);
  const rows = [
    { key: 'overall', label: t.overall, text: reading.overall[lang] },
    { key: 'love', label: t.love, text: reading.love[lang] },
    { key: 'work', label: t.work, text: reading.work[lang] },
    { key: 'money', label: t.money, text: reading.money[lang] },
  ];
  return (
    <section className="fe-card fe-astro" aria-labelledby="fe-astro-title" data-testid="astrology">
      <h2 id="fe-astro-title">
        <span className="fe-card__mark" aria-hidden="true">
          {'\u2609'}
        </span>
        {t.title}
      </h2>
      <p className="fe-card__lead">{t.lead}</p>
      <div className="fe-sign">
        <span className="fe-sign__symbol" aria-hidden="true">
          {`${sign.symbol}\uFE0E`}
        </span>
        <div>
          <p className="fe-sign__name">{sign.name[lang]}</p>
          <p className="fe-sign__period">
            {fill(t.period, {
              start: monthDay(sign.start.month, sign.start.day, lang),
              end: monthDay(sign.end.month, sign.end.day, lang),
            })}
          </p>
          <p className="fe-sign__facts">
            {t.element}: {SIGN_ELEMENTS[sign.element][lang]} · {t.ruler}: {sign.ruler[lang]}
          </p>
        </div>
      </div>
      <p>{sign.trait[lang]}</p>
      <p className="fe-score">
        <span>{t.score}</span>{' '}
        <span
          className="fe-score__stars"
          role="img"
          aria-label={fill(t.scoreValue, { score: reading.score })}
        >
          {'★'.repeat(reading.score)}
          <span className="fe-score__off">{'★'.repeat(5 - reading.score)}</span>
        </span>
      </p>
      <dl className="fe-rows">
        {rows.map((row) => (
          <div key={row.key}>
            <dt>{row.label}</dt>
            <dd>{row.text}</dd>
          </div>
        ))}
      </dl>
      <p className="fe-lucky">
        <span>
          {t.luckyColor}: <strong>{reading.luckyColor[lang]}</strong>
        </span>
        <span>
          {t.luckyNumber}: <strong>{reading.luckyNumber}</strong>
        </span>
      </p>
    </section>
  );
}

const ROMAN = [
  '0',
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  'XIII',
  'XIV',
  'XV',
  'XVI',
  'XVII',
  'XVIII',
  'XIX',
  'XX',
  'XXI',
];
const SUIT_MARKS = { wands: '\u2695', cups: '\u2615', swords: '\u2694', pentacles: '\u2726' } as const;

export function TarotCard({ draw, lang }: { draw: DailyDraw; lang: Language }) {
  const t = copy[lang].tarot;
  const { card, reversed } = draw;
  const meaning = reversed ? card.reversed : card.upright;
  return (
    <section className="fe-card fe-tarot" aria-labelledby="fe-tarot-title" data-testid="tarot">
      <h2 id="fe-tarot-title">
        <span className="fe-card__mark" aria-hidden="true">
          {'\u2726'}
        </span>
        {t.title}
      </h2>
      <p className="fe-card__lead">{t.lead}</p>
      <div className="fe-tarot__body">
        <div className={`fe-tarot__face${reversed ? ' fe-tarot__face--reversed' : ''}`} aria-hidden="true">
          <span className="fe-tarot__number">
            {card.arcana === 'major' ? ROMAN[card.number] : card.suit ? `${SUIT_MARKS[card.suit]}\uFE0E` : ''}
          </span>
          <span className="fe-tarot__face-name">{card.name[lang]}</span>
        </div>
        <div>
          <p className="fe-tarot__name">{card.name[lang]}</p>
          <p className="fe-tarot__meta">
            <span className={`fe-badge${reversed ? ' fe-badge--reversed' : ''}`}>
              {reversed ? t.reversed : t.upright}
            </span>{' '}
            {card.arcana === 'major' ? t.major : t.minor}
          </p>
          <p className="fe-tarot__keywords">
            {t.keywords}: {card.keywords[lang].join(', ')}
          </p>
        </div>
      </div>
      <h3>{t.meaning}</h3>
      <p>{meaning[lang]}</p>
    </section>
  );
}
