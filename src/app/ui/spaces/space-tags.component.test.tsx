// The space chip, picker and filter in a real Chromium, in Korean and English, as a member meets them in a list or a
// form: a space's records say its name beside its colour, the member's own say "나만 보기"; the picker offers only
// the spaces the member may write in; the filter says which records the list shows.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../client/styles.css';
import { render } from '../../../client/test/render.js';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import { spaceTagText } from './copy.js';
import { FromSpaceChip, RecordSpaceChips, SpaceChip } from './SpaceChip.js';
import { inFilter, SpaceFilter, type SpaceFilterValue } from './SpaceFilter.js';
import { SpacePicker } from './SpacePicker.js';

const HOME: SpaceTag = { id: 'a'.repeat(32), name: '우리집', colour: 'teal' };
const PARENTS: SpaceTag = { id: 'b'.repeat(32), name: 'Parents', colour: 'rose' };
const CLUB: SpaceTag = { id: 'c'.repeat(32), name: '독서 모임', colour: 'amber' };

describe.each(['ko', 'en'] as const)('space tags in %s', (lang) => {
  const text = spaceTagText[lang];

  it('chips name the space beside its dot, and the member’s own "only me"', async () => {
    render(
      <ul>
        <li>
          <SpaceChip space={HOME} />
        </li>
        <li>
          <SpaceChip space={null} />
        </li>
        <li>
          <FromSpaceChip name="우리집" />
        </li>
      </ul>,
      { lang },
    );
    const items = page.getByRole('listitem');
    await expect.element(items.nth(0)).toHaveTextContent(HOME.name);
    await expect.element(items.nth(1)).toHaveTextContent(text.mine);
    await expect.element(items.nth(2)).toHaveTextContent(text.chip.from.replace('{{name}}', '우리집'));
    // The colour shows too, never alone: the space chip's dot is drawn in its colour, its text stays readable.
    const dot = items.nth(0).element().querySelector('.space-chip__dot')!;
    expect(getComputedStyle(dot).backgroundColor).toBe('rgb(18, 154, 143)');
  });

  it('a space whose name cannot be read yet (still joining) says so', async () => {
    render(<SpaceChip space={{ ...HOME, name: '' }} />, { lang });
    await expect.element(page.getByText(text.chip.unnamed, { exact: true })).toBeVisible();
  });

  it('a list row shows a space’s chip, the origin of a restored record, or nothing for the member’s own', async () => {
    render(
      <ul>
        <li>
          <RecordSpaceChips space={HOME} value={{ title: 'Rent' }} />
        </li>
        <li>
          <RecordSpaceChips space={null} value={{ title: 'Old', fromSpace: 'Parents' }} />
        </li>
        <li>
          <RecordSpaceChips space={null} value={{ title: 'Mine' }} />
        </li>
      </ul>,
      { lang },
    );
    const items = page.getByRole('listitem');
    await expect.element(items.nth(0)).toHaveTextContent(HOME.name);
    await expect.element(items.nth(1)).toHaveTextContent(text.chip.from.replace('{{name}}', 'Parents'));
    expect(items.nth(2).element().textContent).toBe('');
  });

  it('the picker offers "only me" and the spaces the member may write in, never a viewer’s', async () => {
    const chosen: Array<string | null> = [];
    function Picker() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <SpacePicker
          spaces={[
            { tag: HOME, writable: true },
            { tag: PARENTS, writable: false },
            { tag: CLUB, writable: true },
          ]}
          value={value}
          onChange={(next) => {
            chosen.push(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Picker />, { lang });
    const picker = page.getByRole('combobox', { name: text.picker.label });
    await expect.element(picker).toHaveDisplayValue(text.mine);
    const options = [...picker.element().querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual([
      text.mine,
      `${HOME.name} ● ${text.colours.teal}`,
      `${CLUB.name} ● ${text.colours.amber}`,
    ]);
    await expect.element(page.getByText(text.picker.hint)).toBeVisible();
    await picker.selectOptions(CLUB.id);
    await picker.selectOptions(text.mine);
    expect(chosen).toEqual([CLUB.id, null]);
  });

  it('the filter chooses all, only the member’s own, or one space', async () => {
    const records = [
      { name: 'rent', space: HOME },
      { name: 'coffee', space: null },
      { name: 'gift', space: PARENTS },
    ];
    function Filtered() {
      const [filter, setFilter] = useState<SpaceFilterValue>('all');
      return (
        <>
          <SpaceFilter spaces={[HOME, PARENTS]} value={filter} onChange={setFilter} />
          <p data-testid="shown">
            {records
              .filter((record) => inFilter(filter, record.space))
              .map((record) => record.name)
              .join(',')}
          </p>
        </>
      );
    }
    render(<Filtered />, { lang });
    await expect.element(page.getByRole('group', { name: text.filter.label })).toBeVisible();
    await expect.element(page.getByRole('radio', { name: text.filter.all })).toBeChecked();
    await expect.element(page.getByTestId('shown')).toHaveTextContent('rent,coffee,gift');
    await page.getByText(text.mine).click();
    await expect.element(page.getByTestId('shown')).toHaveTextContent(/^coffee$/);
    await page.getByText(PARENTS.name).click();
    await expect.element(page.getByRole('radio', { name: PARENTS.name })).toBeChecked();
    await expect.element(page.getByTestId('shown')).toHaveTextContent(/^gift$/);
  });
});
