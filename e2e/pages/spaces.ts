// The shared spaces' screens as a member uses them (e2e/spaces.test.ts): the "공간" section of the app, a space's
// settings, the safety code, the removal notice, and a ledger entry put in a space — each found by the app's own
// words in the member's language.
import { expect } from 'vitest';
import { ledgerText } from '../../src/app/modules/ledger/copy.js';
import { spacesText } from '../../src/app/modules/spaces/copy.js';
import { spaceTagText } from '../../src/app/ui/spaces/copy.js';
import { fill } from '../../src/client/text.js';
import { SPACE_COLOURS, type SpaceColour } from '../../src/shared/spaces/colours.js';
import type { SpaceRole } from '../../src/shared/spaces/log.js';
import { syncMember, type Device } from './sync.js';
import type { BrowserSuite } from '../support/suite.js';
import type { Lang } from './site.js';

/** How long a change may take to cross from one member's app to another's (news, then a sync of the space). */
export const CROSSING = 60_000;

/** A member with one browser, their vault synced: what spaces need. */
export async function spacesMember(suite: BrowserSuite, lang: Lang): Promise<SpacesModel> {
  const [device] = await syncMember(suite, lang, 1);
  await device!.startSyncing();
  return new SpacesModel(device!);
}

export class SpacesModel {
  readonly text;
  readonly tags;
  readonly ledger;

  constructor(readonly device: Device) {
    this.text = spacesText[device.app.lang];
    this.tags = spaceTagText[device.app.lang];
    this.ledger = ledgerText[device.app.lang];
  }

  get page() {
    return this.device.page;
  }

  get app() {
    return this.device.app;
  }

  get context() {
    return this.device.context;
  }

  get email() {
    return this.device.email;
  }

  /** The "공간" section from the navigation. */
  async open(): Promise<void> {
    await this.app.go('spaces');
    await this.page.getByRole('heading', { name: this.text.page.title, level: 1 }).waitFor();
  }

  async create(name: string, colour: SpaceColour = SPACE_COLOURS[0]): Promise<void> {
    await this.page.getByLabel(this.text.create.name, { exact: true }).fill(name);
    await this.page.getByRole('radio', { name: this.tags.colours[colour] }).check();
    await this.page.getByRole('button', { name: this.text.create.submit, exact: true }).click();
    await this.page.getByText(fill(this.text.create.created, { name })).waitFor({ timeout: CROSSING });
  }

  /** The button that opens a space's settings: shown once the space is open on this device. */
  opener(name: string) {
    return this.page.getByRole('button', { name: fill(this.text.page.open, { name }) });
  }

  /** Opens a space's settings from the list, waiting (the list read again) until it is open here. */
  async openSpace(name: string): Promise<void> {
    await this.opener(name).waitFor({ timeout: CROSSING });
    await this.opener(name).click();
    await this.page
      .getByRole('heading', { name: fill(this.text.settings.title, { name }), level: 1 })
      .waitFor();
  }

  async back(): Promise<void> {
    await this.page.getByRole('button', { name: this.text.page.back, exact: true }).click();
  }

  async invite(email: string, role: Exclude<SpaceRole, 'owner'>): Promise<void> {
    await this.page.getByLabel(this.text.settings.inviteEmail, { exact: true }).fill(email);
    await this.page
      .getByLabel(this.text.settings.inviteRole, { exact: true })
      .selectOption({ label: this.tags.roles[role] });
    await this.page.getByRole('button', { name: this.text.settings.inviteSubmit, exact: true }).click();
    await this.page.getByText(fill(this.text.settings.invited, { email })).waitFor({ timeout: CROSSING });
  }

  /** Accepts the invitation from `from`, which the section shows once it has read the server's list. */
  async accept(from: string): Promise<void> {
    const invitation = this.page.locator('.space-invitations li', { hasText: from });
    // The list is read when the section opens: open it again until the invitation is there.
    await expect
      .poll(
        async () => {
          if ((await invitation.count()) > 0) return true;
          await this.app.go('home');
          await this.open();
          return (await invitation.count()) > 0;
        },
        { timeout: CROSSING, interval: 2000 },
      )
      .toBe(true);
    await invitation.getByRole('button', { name: this.text.invitations.accept, exact: true }).click();
    await this.page.getByText(this.text.invitations.accepted).waitFor({ timeout: CROSSING });
  }

  /** A member's row in the open space's settings. */
  member(email: string) {
    return this.page.locator('.space-member', { hasText: email });
  }

  /** Whether the open space's settings list `email` as a member let in (not joining). */
  async isIn(email: string): Promise<boolean> {
    const row = this.member(email);
    if ((await row.count()) === 0) return false;
    return (await row.getByText(this.text.settings.joining, { exact: true }).count()) === 0;
  }

  /** Opens the safety code with `email` from the open space's settings and answers its two lines. */
  async safetyCode(email: string): Promise<string[]> {
    await this.member(email).getByRole('button', { name: this.text.settings.compare }).click();
    const code = this.page.locator('.safety-code');
    await code.waitFor({ timeout: CROSSING });
    return code
      .locator('.safety-code__line')
      .evaluateAll((lines) =>
        lines.map((line) => [...line.querySelectorAll('dd')].map((group) => group.textContent).join(' ')),
      );
  }

  async markVerified(name: string): Promise<void> {
    await this.page.getByRole('button', { name: this.text.safety.markVerified, exact: true }).click();
    await this.page.getByText(fill(this.text.safety.verified, { name })).waitFor();
  }

  /** The space's id, from its row in the list. */
  async spaceId(name: string): Promise<string> {
    const row = this.page.locator('li[data-space]', { hasText: name });
    const id = await row.first().getAttribute('data-space');
    if (!id) throw new Error(`no space ${name} in the list`);
    return id;
  }

  async remove(email: string): Promise<void> {
    await this.member(email)
      .getByRole('button', { name: fill(this.text.settings.removeMember, { name: email }) })
      .click();
    const dialog = this.app.dialog(fill(this.text.settings.removeTitle, { name: email }));
    await dialog.getByRole('button', { name: this.text.settings.remove, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await this.page.getByText(fill(this.text.settings.removed, { name: email })).waitFor();
  }

  /** The removal notice of a space. */
  removal(name: string) {
    return this.page.getByRole('alertdialog', { name: fill(this.text.removal.title, { name }) });
  }

  /** The label the ledger's picker gives a space. */
  pickerLabel(name: string, colour: SpaceColour = SPACE_COLOURS[0]): string {
    return `${name} ● ${this.tags.colours[colour]}`;
  }

  /** An expense of today in the ledger, put in the space `space` (null: the member's own). */
  async addExpense(amount: string, memo: string, space: string | null): Promise<void> {
    await this.app.go('ledger');
    await this.page.getByRole('button', { name: this.ledger.add, exact: true }).click();
    const entry = this.app.dialog(this.ledger.form.addTitle);
    await entry.getByRole('radio', { name: this.ledger.types.expense }).check();
    await entry.getByLabel(this.ledger.form.amount).fill(amount);
    await entry
      .getByLabel(this.ledger.form.category, { exact: true })
      .selectOption({ label: this.ledger.categories.food });
    await entry.getByLabel(this.ledger.form.memo).fill(memo);
    await entry
      .getByLabel(this.tags.picker.label, { exact: true })
      .selectOption({ label: space === null ? this.tags.mine : this.pickerLabel(space) });
    await entry.getByRole('button', { name: this.app.text.save }).click();
    await entry.waitFor({ state: 'detached' });
  }

  /** The places the ledger's add form offers. */
  async offeredPlaces(): Promise<string[]> {
    await this.app.go('ledger');
    await this.page.getByRole('button', { name: this.ledger.add, exact: true }).click();
    const entry = this.app.dialog(this.ledger.form.addTitle);
    const places = await entry
      .getByLabel(this.tags.picker.label, { exact: true })
      .locator('option')
      .allTextContents();
    await entry.getByRole('button', { name: this.app.text.cancel }).click();
    await entry.waitFor({ state: 'detached' });
    return places;
  }

  /** What the server answers this member's browser asked for a space's route (status and error code). */
  /** What the server answers this member for a GET of ours: its status and body. */
  async read<T>(path: string): Promise<[number, T]> {
    return this.page.evaluate(async (path) => {
      const response = await fetch(path);
      return [response.status, (await response.json().catch(() => ({}))) as T] as [number, T];
    }, path);
  }

  async ask(method: 'GET' | 'POST', path: string, body?: unknown): Promise<[number, string | undefined]> {
    return this.page.evaluate(
      async ({ method, path, body }) => {
        const response = await fetch(path, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const answer = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
        return [response.status, answer.error?.code] as [number, string | undefined];
      },
      { method, path, body },
    );
  }
}
