// A page or screen whose code cannot be loaded (a new release replaced it, or the network dropped) shows a message
// with a reload button instead of a blank page: the site's pages and the app's screens sit in one each.
import { Component, type ReactNode } from 'react';

export interface ChunkErrorText {
  /** A heading, where the message stands in for a whole page. */
  title?: string;
  body: string;
  reload: string;
}

export class ChunkErrorBoundary extends Component<
  { text: ChunkErrorText; className: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { text, className } = this.props;
    return (
      <section className={className} role="alert">
        {text.title && <h1>{text.title}</h1>}
        <p>{text.body}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {text.reload}
        </button>
      </section>
    );
  }
}
