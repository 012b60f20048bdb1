// A page whose code cannot be loaded (a new release replaced it, or the network dropped) shows a message with a
// reload button instead of a blank page.
import { Component, type ReactNode } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { useText } from '../../client/text.js';

function ChunkErrorMessage() {
  const t = useText(catalog);
  return (
    <section className="section section--narrow" role="alert">
      <h1>{t.chunkError.title}</h1>
      <p>{t.chunkError.body}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t.chunkError.reload}
      </button>
    </section>
  );
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ChunkErrorMessage /> : this.props.children;
  }
}
