// Fortune page (/fortune), description §2 "Fortune": the page's text, and its stage (FortuneStage.tsx), an island
// that shows the embed to a member and the Login Required card to a visitor.
import { useText } from '../../../client/text.js';
import { Island } from '../../islands/Island.js';
import { PageHero, Section } from '../../ui/PageParts.js';
import { copy } from './copy.js';
import { FortuneStage } from './FortuneStage.js';
import './fortune.css';

export default function FortunePage() {
  const c = useText(copy);
  return (
    <div className="fortune">
      <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} lead={c.hero.lead} />
      <Island name="fortune-stage" component={FortuneStage} props={{ c }} when={['member', 'interaction']} />
      <Section id="fortune-kinds" title={c.kinds.title}>
        <ul className="cards cards--2 fortune-kinds">
          {c.kinds.items.map((item) => (
            <li key={item.title} className="card">
              <h3>{item.title}</h3>
              <p>{item.body}</p>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
