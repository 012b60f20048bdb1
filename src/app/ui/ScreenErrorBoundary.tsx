// A screen whose code could not load (offline before it was cached, or a new release) shows a message with a
// reload button instead of a blank page.
import { Component, type ReactNode } from 'react';
import { useText } from '../../client/text.js';
import { shellText } from '../copy.js';

function ScreenError() {
  const text = useText(shellText);
  return (
    <section className="panel" role="alert">
      <p>{text.errors.chunk}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {text.errors.reload}
      </button>
    </section>
  );
}

export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ScreenError /> : this.props.children;
  }
}
