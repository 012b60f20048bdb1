// The search in the app's header as a member uses it: typed into, its results read by module, opened with the
// keyboard or a tap, and the detail password given from it. Labels come from the search's own copy.
import type { Page } from 'playwright-core';
import { shellText } from '../../src/app/copy.js';
import { searchText } from '../../src/app/modules/search/copy.js';
import { SEARCH_MODULES, type SearchModule } from '../../src/app/modules/search/protocol.js';
import type { AppModel } from './app.js';

export class SearchBox {
  readonly text;
  readonly page: Page;

  constructor(readonly app: AppModel) {
    this.text = searchText[app.lang];
    this.page = app.page;
  }

  input() {
    return this.page.getByRole('combobox', { name: this.text.label });
  }

  listbox() {
    return this.page.getByRole('listbox', { name: this.text.results });
  }

  /** The popup under the field, once it shows the answer to `query` with every record in the worker. */
  answered(query: string) {
    return this.page.locator(`.vault-search__popup[data-answered="${query}"]:not([data-building])`);
  }

  /** Types `query` as the keyboard would send it, and waits for its answer. */
  async search(query: string): Promise<void> {
    const input = this.input();
    await input.fill('');
    await input.fill(query);
    await this.answered(query).waitFor();
  }

  /** Sends text as an input method does, unchanged (a decomposed query as macOS sends it), and waits. */
  async insert(query: string): Promise<void> {
    await this.input().fill('');
    await this.input().focus();
    await this.page.keyboard.insertText(query);
    await this.answered(query).waitFor();
  }

  /** The results shown, by module: each option's title. */
  async results(): Promise<Partial<Record<SearchModule, string[]>>> {
    const modules = [...SEARCH_MODULES];
    const names = shellText[this.app.lang].nav;
    return this.page.evaluate(
      ({ modules, names }) => {
        const found: Record<string, string[]> = {};
        for (const group of document.querySelectorAll('.vault-search__listbox [role="group"]')) {
          const label =
            document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
          const module = modules.find((name) => label.startsWith(`${names[name]} ·`));
          if (!module) continue;
          found[module] = [...group.querySelectorAll('[role="option"] .vault-search__title')].map(
            (title) => title.textContent ?? '',
          );
        }
        return found;
      },
      { modules, names: names as Record<string, string> },
    );
  }

  /** The line that counts results behind the detail password (empty when there is none). */
  async hiddenLine(): Promise<string> {
    const line = this.page.locator('.vault-search__hidden span');
    return (await line.count()) > 0 ? ((await line.textContent()) ?? '') : '';
  }

  option(title: string) {
    return this.listbox().getByRole('option').filter({ hasText: title });
  }

  /** "Enter the password" under the results, answered with `password` in the app's own prompt. */
  async giveDetailPassword(password: string): Promise<void> {
    await this.page.getByRole('button', { name: this.text.reveal }).click();
    const shell = shellText[this.app.lang].identity;
    const dialog = this.app.dialog(shell.title);
    await dialog.getByLabel(shell.master, { exact: true }).fill(password);
    await dialog.getByRole('button', { name: shell.submit }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
